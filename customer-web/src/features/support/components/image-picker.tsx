import { useState } from 'react';
import { refusalMessage } from '../../../lib/api-client';
import { TICKET_LIMITS } from '../../../lib/contracts';
import { uploadTicketImage } from '../api/upload-ticket-image';

/** Up to 3 images, each uploaded as it is picked (the server re-encodes it and refuses other types). */
export function ImagePicker({ images, onChange }: { images: string[]; onChange: (images: string[]) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const { url } = await uploadTicketImage(file);
      onChange([...images, url]);
    } catch (e) {
      setError(refusalMessage(e, '이미지를 올리지 못했습니다.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="field">
      <span className="field-label">
        이미지 ({images.length}/{TICKET_LIMITS.images})
      </span>
      <div className="ticket-images">
        {images.map((url) => (
          <button
            key={url}
            type="button"
            className="ticket-thumb"
            onClick={() => onChange(images.filter((u) => u !== url))}
          >
            <img src={url} alt="첨부 이미지 (누르면 삭제)" />
          </button>
        ))}
        {images.length < TICKET_LIMITS.images ? (
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            aria-label="이미지 첨부"
            disabled={busy}
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        ) : null}
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
