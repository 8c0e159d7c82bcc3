export { ContentModule } from './content.module.js';
export { ContentFacade, type DemoImages } from './application/content.facade.js';
export { RegisterWhere } from './domain/register-where.entity.js';
export { Notice } from './domain/notice.entity.js';
export { Faq } from './domain/faq.entity.js';
export { Popup } from './domain/popup.entity.js';
export { GuideImage } from './domain/guide-image.entity.js';
