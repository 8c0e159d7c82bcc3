import { useLoading } from '../../lib/loading';

export function LoadingOverlay() {
  if (!useLoading()) return null;
  return (
    <div className="loading-overlay" role="status" aria-label="처리 중">
      <span className="spinner" />
    </div>
  );
}
