import './styles.css';

/** After the next frame is painted. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * The popup index.html painted (its image is the page's largest content): settled once the image is
 * decoded (so the next frame draws it) or failed, or after a while at worst, so the app does not take
 * over a popup whose image is not on screen yet.
 */
function staticPopupShown(): Promise<void> {
  const image = document.querySelector<HTMLImageElement>('#root .popup-image img');
  if (!image) return Promise.resolve();
  return Promise.race([image.decode().catch(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, 3000))]);
}

// index.html paints a static frame first (and the popup, if one shows); the app (React and all) starts right
// after that first frame, so the page shows something while the bundle downloads and runs. The bundle is
// fetched at once; it mounts once a static popup's image is on screen.
void afterPaint().then(async () => {
  const [boot] = await Promise.all([import('./boot'), staticPopupShown()]);
  await afterPaint();
  boot.start();
});
