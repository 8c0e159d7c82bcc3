import './styles.css';

/** After the next frame is painted. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * The popup index.html painted (its image is the page's largest content): true once that image is decoded
 * (so the next frame draws it) or failed, or after a while at worst; false when no popup was painted.
 */
async function staticPopupShown(): Promise<boolean> {
  const image = document.querySelector<HTMLImageElement>('#root .popup-image img');
  if (!image) return false;
  await Promise.race([
    image.decode().catch(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, 3000)),
  ]);
  return true;
}

// index.html paints a static frame first, and the popup if one shows; the app (React and all) is fetched and
// started after that: right after the first frame, or, under a popup, once the popup's image is on screen.
// The image then has the bandwidth to itself and its paint never waits on the app's main-thread work, and
// the popup's buttons work meanwhile (index.html).
void (async () => {
  await afterPaint();
  if (await staticPopupShown()) await afterPaint();
  const boot = await import('./boot');
  boot.start();
})();
