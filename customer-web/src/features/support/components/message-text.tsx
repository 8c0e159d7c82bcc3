import { linkParts } from '../../../lib/contracts';

/** A message as plain text (never HTML) with its links made clickable. */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="ticket-text">
      {linkParts(text).map((part, i) =>
        part.href ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
