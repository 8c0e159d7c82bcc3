import type { EntityClass, EntityManager, OrderDefinition } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import {
  faqSchema,
  GUIDE_DEVICES,
  guideImageSchema,
  noticeSchema,
  popupSchema,
  registerWhereSchema,
} from '../../../contracts/content.js';
import {
  filterOneOf,
  flagOf,
  numberedIds,
  searchIn,
  type AdminResource,
  type CrudContext,
} from '../../../shared/index.js';
import { Faq } from '../domain/faq.entity.js';
import { GuideImage } from '../domain/guide-image.entity.js';
import { Notice } from '../domain/notice.entity.js';
import { Popup } from '../domain/popup.entity.js';
import { RegisterWhere } from '../domain/register-where.entity.js';

/**
 * Operator-edited content at /api/admin/<name>: a POST takes the contract's schema, a PUT the same
 * fields each optional (checked before the lookup, merged onto the record).
 */
type Content<E extends { id: number }, S extends z.ZodObject> = AdminResource<
  E,
  z.output<S>,
  z.output<ReturnType<S['partial']>>
>;

const ids = numberedIds();
const editedAs = <S extends z.ZodObject>(schema: S) => ({
  create: schema,
  update: { check: 'fields' as const, schema: schema.partial() as ReturnType<S['partial']> },
});

/** Stamped with the time it was made. */
const stamped = <E extends { id: number }>(input: object, { insert, now }: CrudContext<E>) =>
  insert({ ...input, createdAt: now });

/** An ordered list: a new row without a sortOrder goes to the end (max + 1), not among the first. */
async function atEnd<E extends { id: number; sortOrder: number }>(
  entity: EntityClass<E>,
  tx: EntityManager,
  sortOrder: number | undefined,
): Promise<number> {
  if (sortOrder !== undefined) return sortOrder;
  const [last] = await tx.find(entity, {}, { orderBy: { sortOrder: 'DESC' } as OrderDefinition<E>, limit: 1 });
  return last ? last.sortOrder + 1 : 0;
}

export const NOTICES: Content<Notice, typeof noticeSchema> = {
  name: 'notices',
  entity: Notice,
  ids,
  ...editedAs(noticeSchema),
  build: stamped,
  sortable: ['id', 'createdAt', 'isTop'],
  filters: { q: searchIn('content'), isTop: flagOf('isTop') },
};

export const FAQS: Content<Faq, typeof faqSchema> = {
  name: 'faqs',
  entity: Faq,
  ids,
  ...editedAs(faqSchema),
  build: async (input, context) =>
    stamped({ ...input, sortOrder: await atEnd(Faq, context.tx, input.sortOrder) }, context),
  sortable: ['sortOrder', 'id', 'title', 'createdAt'],
  filters: { q: searchIn('title', 'answer') },
};

export const POPUPS: Content<Popup, typeof popupSchema> = {
  name: 'popups',
  entity: Popup,
  ids,
  ...editedAs(popupSchema),
  build: stamped,
  sortable: ['id', 'createdAt', 'enabled'],
  filters: { enabled: flagOf('enabled') },
};

export const REGISTER_WHERES: Content<RegisterWhere, typeof registerWhereSchema> = {
  name: 'register-wheres',
  entity: RegisterWhere,
  ids,
  ...editedAs(registerWhereSchema),
  build: async (input, { tx, insert }) =>
    insert({ ...input, sortOrder: await atEnd(RegisterWhere, tx, input.sortOrder) }),
  sortable: ['sortOrder', 'id', 'text'],
  filters: { q: searchIn('text') },
};

export const GUIDE_IMAGES: Content<GuideImage, typeof guideImageSchema> = {
  name: 'guide-images',
  entity: GuideImage,
  ids,
  ...editedAs(guideImageSchema),
  build: stamped,
  sortable: ['id', 'device'],
  filters: { device: (v) => ({ device: filterOneOf(GUIDE_DEVICES, v) }) },
  refusals: { duplicate: 'CONTENT_GUIDE_IMAGE_DUPLICATE' },
};
