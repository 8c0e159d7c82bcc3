import type { z } from 'zod';
import { savedReplySchema } from '../../../contracts/index.js';
import { numberedIds, searchIn, type AdminResource } from '../../../shared/index.js';
import { SavedReply } from '../domain/saved-reply.entity.js';

type Input = z.output<typeof savedReplySchema>;

/** /api/admin/saved-replies: 저장된 답변 operators pick on a ticket page. */
export const SAVED_REPLIES: AdminResource<SavedReply, Input, Partial<Input>> = {
  name: 'saved-replies',
  entity: SavedReply,
  ids: numberedIds(),
  create: savedReplySchema,
  update: { check: 'fields', schema: savedReplySchema.partial() },
  sortable: ['id', 'title', 'createdAt'],
  filters: { q: searchIn('title', 'body') },
  build: (input, { insert, now }) => insert({ ...input, createdAt: now }),
};
