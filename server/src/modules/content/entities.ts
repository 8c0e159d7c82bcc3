// The content module's tables, registered for MikroORM by database/entities.ts; other modules see them only as types.
import { Faq } from './domain/faq.entity.js';
import { GuideImage } from './domain/guide-image.entity.js';
import { MemberUpload } from './domain/member-upload.entity.js';
import { Notice } from './domain/notice.entity.js';
import { Popup } from './domain/popup.entity.js';
import { RegisterWhere } from './domain/register-where.entity.js';

export { Faq, GuideImage, MemberUpload, Notice, Popup, RegisterWhere };
export const contentEntities = [RegisterWhere, Notice, Faq, Popup, GuideImage, MemberUpload];
