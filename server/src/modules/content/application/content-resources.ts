import type { EntityClass, FilterQuery } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { contains, filterFlag as flag, filterOneOf } from '../../../shared/index.js';
import { faqSchema, GUIDE_DEVICES, guideImageSchema, noticeSchema, popupSchema, registerWhereSchema } from '../../../contracts/content.js';
import { Faq } from '../domain/faq.entity.js';
import { GuideImage } from '../domain/guide-image.entity.js';
import { Notice } from '../domain/notice.entity.js';
import { Popup } from '../domain/popup.entity.js';
import { RegisterWhere } from '../domain/register-where.entity.js';

/** One operator-edited content resource under /api/admin/<name> (ra-data-simple-rest CRUD, audited). */
export interface ContentResource<T extends { id: number } = { id: number }> {
  name: string;
  entity: EntityClass<T>;
  /** Create body; update takes the same fields, each optional. */
  schema: z.ZodObject;
  /** Sortable fields; the first is the default (descending). */
  sortable: string[];
  filters?: Record<string, (value: unknown) => FilterQuery<T>>;
  /** Set on create before the input (createdAt). */
  stamp?: (now: Date) => Partial<T>;
  /** An ordered list: a new row without a sortOrder goes to the end (max + 1), not among the first (issue 18). */
  appendToEnd?: boolean;
  /** Answer for a write a unique key refuses. */
  conflict?: string;
}

const created = (now: Date) => ({ createdAt: now });

const resource = <T extends { id: number }>(r: ContentResource<T>) => r as unknown as ContentResource;

export const CONTENT_RESOURCES = {
  notices: resource<Notice>({
    name: 'notices',
    entity: Notice,
    schema: noticeSchema,
    sortable: ['id', 'createdAt', 'isTop'],
    filters: { q: (v) => ({ content: contains(v) }), isTop: (v) => ({ isTop: flag(v) }) },
    stamp: created,
  }),
  faqs: resource<Faq>({
    name: 'faqs',
    entity: Faq,
    schema: faqSchema,
    sortable: ['sortOrder', 'id', 'title', 'createdAt'],
    appendToEnd: true,
    filters: { q: (v) => ({ $or: [{ title: contains(v) }, { answer: contains(v) }] }) },
    stamp: created,
  }),
  popups: resource<Popup>({
    name: 'popups',
    entity: Popup,
    schema: popupSchema,
    sortable: ['id', 'createdAt', 'enabled'],
    filters: { enabled: (v) => ({ enabled: flag(v) }) },
    stamp: created,
  }),
  registerWheres: resource<RegisterWhere>({
    name: 'register-wheres',
    entity: RegisterWhere,
    schema: registerWhereSchema,
    sortable: ['sortOrder', 'id', 'text'],
    appendToEnd: true,
    filters: { q: (v) => ({ text: contains(v) }) },
  }),
  guideImages: resource<GuideImage>({
    name: 'guide-images',
    entity: GuideImage,
    schema: guideImageSchema,
    sortable: ['id', 'device'],
    filters: {
      device: (v) => ({ device: filterOneOf(GUIDE_DEVICES, v) as GuideImage['device'] }),
    },
    stamp: created,
    conflict: '이 기기의 가이드 이미지가 이미 있습니다. 기존 항목을 수정해 주세요.',
  }),
} satisfies Record<string, ContentResource>;
