import { toast } from './toast';

/** Copies text (a secret shown once, recovery codes); plain-http pages have no Clipboard API, so a hidden field does. */
export async function copyText(text: string, done = '복사했습니다.'): Promise<void> {
  try {
    if (navigator.clipboard && window.isSecureContext) await navigator.clipboard.writeText(text);
    else {
      const field = document.createElement('textarea');
      field.value = text;
      field.setAttribute('readonly', '');
      field.style.position = 'fixed';
      field.style.opacity = '0';
      document.body.append(field);
      field.select();
      const copied = document.execCommand('copy');
      field.remove();
      if (!copied) throw new Error('copy refused');
    }
    toast.success(done);
  } catch {
    toast.error('복사하지 못했습니다. 직접 선택해 복사해 주세요.');
  }
}

/** Saves text as a .txt file the browser downloads. */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
