export { ContentModule } from './content.module.js';
export { ContentFacade, type DemoImages } from './application/content.facade.js';
export { uploadedImage } from './http/uploaded-image.js';
export type { RegisterWhere } from './domain/register-where.entity.js';
export type { Notice } from './domain/notice.entity.js';
export type { Faq } from './domain/faq.entity.js';
export type { Popup } from './domain/popup.entity.js';
export type { GuideImage } from './domain/guide-image.entity.js';
