import { z } from 'zod';

/**
 * Site content (docs/product.md §3 Notice, FAQ, Popup, Register-where option; the link guide of §2): the shapes
 * the storefront reads and the rules operators' edits are checked by. Every field is optional on
 * update (PUT merges), so the schemas carry no defaults: the server's entities hold them.
 */
export const CONTENT_MESSAGES = {
  contentRequired: '내용을 입력해 주세요.',
  titleRequired: '제목을 입력해 주세요.',
  answerRequired: '답변을 입력해 주세요.',
  textRequired: '항목 이름을 입력해 주세요.',
  colorInvalid: '배경색은 #RRGGBB 형식이어야 합니다.',
  imageUrlInvalid: '이미지 주소는 /uploads/ 파일이거나 http(s) 주소여야 합니다.',
  deviceInvalid: '기기 유형은 DESKTOP 또는 MOBILE 이어야 합니다.',
  imageRequired: '이미지 파일을 선택해 주세요.',
  imageType: '이미지 파일(png, jpeg, webp, gif)만 올릴 수 있습니다.',
  imageTooLarge: '이미지는 5MB 이하만 올릴 수 있습니다.',
} as const;

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** Where an uploaded image will be shown (`POST /api/admin/uploads?purpose=`): decides the size it is kept at. */
export const UPLOAD_PURPOSES = ['popup', 'guide-desktop', 'guide-mobile', 'other', 'ticket'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export const uploadPurposeSchema = z.enum(UPLOAD_PURPOSES).catch('other');

const text = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${max}자 이하로 입력해 주세요.`);
const order = z
  .number({ error: '정렬 순서는 정수여야 합니다.' })
  .int('정렬 순서는 정수여야 합니다.')
  .min(-1_000_000)
  .max(1_000_000);

export const imageUrlSchema = z
  .string({ error: CONTENT_MESSAGES.imageUrlInvalid })
  .trim()
  .max(500, CONTENT_MESSAGES.imageUrlInvalid)
  .regex(/^(\/uploads\/[A-Za-z0-9._-]+|https?:\/\/[^\s"'<>]+)$/, CONTENT_MESSAGES.imageUrlInvalid);

export const noticeSchema = z.object({
  content: text(CONTENT_MESSAGES.contentRequired, 5000),
  isTop: z.boolean().optional(),
  // '' or null: no colour.
  bgColor: z
    .union([z.string().regex(/^#[0-9a-fA-F]{6}$/, CONTENT_MESSAGES.colorInvalid), z.literal(''), z.null()], {
      error: CONTENT_MESSAGES.colorInvalid,
    })
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
});

export const faqSchema = z.object({
  title: text(CONTENT_MESSAGES.titleRequired, 200),
  answer: text(CONTENT_MESSAGES.answerRequired, 5000),
  sortOrder: order.optional(),
});

export const popupSchema = z.object({
  imageUrl: imageUrlSchema,
  enabled: z.boolean().optional(),
});

export const registerWhereSchema = z.object({
  text: text(CONTENT_MESSAGES.textRequired, 100),
  sortOrder: order.optional(),
});

export const GUIDE_DEVICES = ['DESKTOP', 'MOBILE'] as const;
export type GuideDevice = (typeof GUIDE_DEVICES)[number];

export const guideImageSchema = z.object({
  device: z.enum(GUIDE_DEVICES, { error: CONTENT_MESSAGES.deviceInvalid }),
  imageUrl: imageUrlSchema,
});

/** `GET /api/service/notices`: pinned (isTop) first, then newest first. */
export interface NoticeItem {
  id: number;
  content: string;
  isTop: boolean;
  bgColor: string | null;
  createdAt: string;
}

/** `GET /api/service/qnas`: the FAQ in the operator's order. */
export interface QnaItem {
  id: number;
  title: string;
  answer: string;
}

/** `GET /api/service/popup`: enabled popups only. */
export interface PopupItem {
  id: number;
  enabled: boolean;
  imageUrl: string;
}

/**
 * What the server writes into the storefront's index.html (as `window.__STOREFRONT__`), so the first
 * render needs no round trip for it and the popup image can be fetched before the app's JavaScript.
 */
export interface StorefrontBootData {
  /** As `GET /api/service/popup` answers. */
  popups: PopupItem[];
}

/** `GET /api/service/guide`: the link-guide images; null when the operator set none. */
export interface GuideImages {
  desktopImageUrl: string | null;
  mobileImageUrl: string | null;
}
