import './styles.css';

// index.html paints a static frame first; the app (React and all) starts right after that first frame,
// so the page shows something while the bundle downloads and runs.
requestAnimationFrame(() => setTimeout(() => void import('./boot'), 0));
