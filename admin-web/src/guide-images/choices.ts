export const DEVICES = [
  { id: 'DESKTOP', name: '데스크톱' },
  { id: 'MOBILE', name: '모바일' },
];
