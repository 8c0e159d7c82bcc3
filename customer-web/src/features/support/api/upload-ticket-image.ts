import { api } from '../../../lib/api-client';

/** POST /service/tickets/images (multipart, one image): the URL to list in a ticket's images. */
export function uploadTicketImage(file: File): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', file);
  return api.postForm<{ url: string }>('/service/tickets/images', form);
}
