/** The SMM API v2 service types (server/src/contracts/service-types.ts), named in Korean. */
export const typeChoices = [
  { id: 'Default', name: '기본 (Default)' },
  { id: 'Custom Comments', name: '커스텀 댓글 (Custom Comments)' },
  { id: 'Package', name: '패키지 (Package)' },
  { id: 'Subscriptions', name: '구독 (Subscriptions)' },
];
