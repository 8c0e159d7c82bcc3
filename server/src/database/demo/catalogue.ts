import type { PlatformId, ServiceType } from '../../contracts/index.js';

interface DemoService {
  text: string;
  /** Unit price in won (decimal string). */
  point: string;
  min: number;
  max: number;
  notice?: string;
  auto?: boolean;
  readOnly?: boolean;
  /** Default unless said. */
  type?: ServiceType;
  /** Offers refills for this many days after completion. */
  refillDays?: number;
}

interface DemoPlatform {
  id: PlatformId;
  text: string;
  bgColor: string;
  categories: { text: string; services: DemoService[] }[];
}

const KR_NOTICE =
  '실제 한국인 계정으로 진행됩니다. 비공개 계정은 진행되지 않으며, 주문 후 아이디를 변경하면 환불되지 않습니다.';
const GLOBAL_NOTICE = '외국인 계정으로 진행됩니다. 시작까지 0~6시간, 일부 이탈이 있을 수 있습니다.';
const VIEW_NOTICE = '게시물 또는 영상 링크를 입력해 주세요. 조회수는 순차적으로 반영됩니다.';

/**
 * A believable Korean panel's catalogue for the demo database: the 15 platforms the order page shows,
 * Korean (🇰🇷) and foreign accounts, per-unit prices from fractions of a won (views) to hundreds
 * (custom comments), a few read-only (sold out / maintenance) and several auto-order services.
 */
export const demoCatalog: DemoPlatform[] = [
  {
    id: 'instagram',
    text: '인스타그램',
    bgColor: '#E4405F',
    categories: [
      {
        text: '인스타그램 팔로워',
        services: [
          { text: '🇰🇷 한국인 팔로워 (실계정)', point: '39', min: 10, max: 5000, notice: KR_NOTICE },
          { text: '🇰🇷 한국인 여성 팔로워', point: '55', min: 10, max: 3000, notice: KR_NOTICE },
          { text: '🌍 외국인 팔로워 (저이탈)', point: '4.5', min: 100, max: 50000, notice: GLOBAL_NOTICE },
          {
            text: '🌍 외국인 팔로워 (프리미엄, 30일 리필)',
            point: '7.2',
            min: 100,
            max: 30000,
            notice: GLOBAL_NOTICE,
            refillDays: 30,
          },
          {
            text: '🇰🇷 한국인 실사용자 팔로워 (품절)',
            point: '80',
            min: 10,
            max: 1000,
            notice: '현재 물량 소진으로 주문이 불가합니다.',
            readOnly: true,
          },
        ],
      },
      {
        text: '인스타그램 좋아요',
        services: [
          { text: '🇰🇷 한국인 좋아요', point: '12', min: 10, max: 10000, notice: KR_NOTICE, auto: true },
          { text: '🌍 외국인 좋아요', point: '1.8', min: 50, max: 100000, notice: GLOBAL_NOTICE, auto: true },
          { text: '🇰🇷 한국인 게시물 저장', point: '6', min: 10, max: 5000, auto: true },
          {
            text: '🇰🇷 한국인 자동 좋아요 (새 게시물 구독)',
            point: '12',
            min: 20,
            max: 1000,
            notice:
              '계정 아이디를 입력하면 앞으로 올라오는 게시물마다 좋아요가 자동으로 진행됩니다. 사용하지 않은 게시물 금액은 환불됩니다.',
            type: 'Subscriptions',
          },
        ],
      },
      {
        text: '인스타그램 조회수·댓글',
        services: [
          { text: '릴스 조회수 (고속)', point: '0.12', min: 100, max: 1000000, notice: VIEW_NOTICE, auto: true },
          { text: '스토리 조회수', point: '0.8', min: 100, max: 50000, notice: VIEW_NOTICE },
          {
            text: '🇰🇷 한국인 커스텀 댓글',
            point: '350',
            min: 5,
            max: 500,
            notice: '원하는 댓글을 한 줄에 하나씩 입력해 주세요. 입력한 줄 수만큼 주문됩니다.',
            type: 'Custom Comments',
          },
        ],
      },
      {
        text: '인스타그램 패키지',
        services: [
          {
            text: '🇰🇷 새 계정 스타터 패키지 (팔로워 100 + 좋아요 300)',
            point: '9900',
            min: 1,
            max: 1,
            notice: '프로필 링크를 입력해 주세요. 패키지 1개 단위로 주문됩니다.',
            type: 'Package',
          },
        ],
      },
    ],
  },
  {
    id: 'youtube',
    text: '유튜브',
    bgColor: '#FF0000',
    categories: [
      {
        text: '유튜브 구독자',
        services: [
          { text: '🇰🇷 한국인 구독자', point: '95', min: 10, max: 2000, notice: KR_NOTICE },
          {
            text: '🌍 외국인 구독자 (30일 리필)',
            point: '18',
            min: 50,
            max: 20000,
            notice: GLOBAL_NOTICE,
            refillDays: 30,
          },
        ],
      },
      {
        text: '유튜브 조회수·좋아요',
        services: [
          { text: '🇰🇷 한국 IP 조회수', point: '4.5', min: 500, max: 500000, notice: VIEW_NOTICE, auto: true },
          { text: '🌍 글로벌 조회수', point: '2.2', min: 1000, max: 1000000, notice: VIEW_NOTICE, auto: true },
          { text: '쇼츠 조회수', point: '0.9', min: 1000, max: 1000000, notice: VIEW_NOTICE, auto: true },
          { text: '🇰🇷 한국인 좋아요', point: '15', min: 10, max: 5000, notice: KR_NOTICE },
          {
            text: '시청 시간 (4000시간 패키지, 점검중)',
            point: '120',
            min: 100,
            max: 4000,
            notice: '수익화 조건용 시청 시간입니다. 현재 점검 중입니다.',
            readOnly: true,
          },
        ],
      },
    ],
  },
  {
    id: 'tiktok',
    text: '틱톡',
    bgColor: '#000000',
    categories: [
      {
        text: '틱톡 팔로워·좋아요',
        services: [
          { text: '🌍 외국인 팔로워', point: '5.5', min: 100, max: 50000, notice: GLOBAL_NOTICE },
          { text: '🇰🇷 한국인 팔로워', point: '45', min: 10, max: 3000, notice: KR_NOTICE },
          { text: '🌍 외국인 좋아요', point: '0.9', min: 100, max: 100000, notice: GLOBAL_NOTICE, auto: true },
        ],
      },
      {
        text: '틱톡 조회수',
        services: [
          { text: '영상 조회수 (초고속)', point: '0.05', min: 1000, max: 10000000, notice: VIEW_NOTICE, auto: true },
          { text: '라이브 시청자 (30분)', point: '25', min: 50, max: 5000, notice: '라이브 시작 직후 주문해 주세요.' },
        ],
      },
    ],
  },
  {
    id: 'facebook',
    text: '페이스북',
    bgColor: '#0866FF',
    categories: [
      {
        text: '페이스북 페이지·게시물',
        services: [
          { text: '페이지 좋아요 + 팔로워', point: '9', min: 100, max: 50000, notice: GLOBAL_NOTICE },
          { text: '프로필 팔로워', point: '6.5', min: 100, max: 30000, notice: GLOBAL_NOTICE },
          { text: '게시물 좋아요', point: '3.5', min: 50, max: 20000, notice: GLOBAL_NOTICE, auto: true },
          { text: '동영상 조회수', point: '0.6', min: 500, max: 1000000, notice: VIEW_NOTICE },
        ],
      },
    ],
  },
  {
    id: 'twitter',
    text: '트위터(X)',
    bgColor: '#000000',
    categories: [
      {
        text: 'X 팔로워·반응',
        services: [
          { text: '🌍 외국인 팔로워', point: '11', min: 100, max: 20000, notice: GLOBAL_NOTICE },
          { text: '리포스트(리트윗)', point: '8', min: 20, max: 10000, auto: true },
          { text: '좋아요', point: '5', min: 20, max: 20000, auto: true },
          { text: '게시물 조회수', point: '0.25', min: 1000, max: 1000000, notice: VIEW_NOTICE },
        ],
      },
    ],
  },
  {
    id: 'threads',
    text: '스레드',
    bgColor: '#101010',
    categories: [
      {
        text: '스레드 팔로워·좋아요',
        services: [
          { text: '🇰🇷 한국인 팔로워', point: '42', min: 10, max: 3000, notice: KR_NOTICE },
          { text: '🌍 외국인 팔로워', point: '9.5', min: 50, max: 10000, notice: GLOBAL_NOTICE },
          { text: '🇰🇷 한국인 좋아요', point: '14', min: 10, max: 5000, notice: KR_NOTICE, auto: true },
        ],
      },
    ],
  },
  {
    id: 'telegram',
    text: '텔레그램',
    bgColor: '#26A5E4',
    categories: [
      {
        text: '텔레그램 채널',
        services: [
          { text: '채널 구독자', point: '4', min: 100, max: 50000, notice: '공개 채널 링크(t.me/…)만 가능합니다.' },
          { text: '게시물 조회수 (최근 1개)', point: '0.3', min: 100, max: 100000, notice: VIEW_NOTICE, auto: true },
          { text: '게시물 반응(이모지)', point: '1.5', min: 50, max: 10000 },
        ],
      },
    ],
  },
  {
    id: 'naver',
    text: '네이버',
    bgColor: '#03C75A',
    categories: [
      {
        text: '네이버 블로그',
        services: [
          { text: '블로그 이웃 추가', point: '35', min: 10, max: 2000, notice: KR_NOTICE },
          { text: '블로그 공감', point: '18', min: 10, max: 3000, notice: KR_NOTICE, auto: true },
          { text: '블로그 방문자 (체류 30초 이상)', point: '2.5', min: 100, max: 50000, auto: true },
          { text: '블로그 댓글 (한국인 작성)', point: '280', min: 5, max: 300 },
        ],
      },
      {
        text: '네이버 카페·플레이스',
        services: [
          { text: '카페 가입 회원', point: '60', min: 10, max: 1000, notice: KR_NOTICE },
          {
            text: '플레이스 저장',
            point: '70',
            min: 10,
            max: 1000,
            notice: '네이버 지도 플레이스 링크를 입력해 주세요.',
          },
          { text: '플레이스 방문자 리뷰 (점검중)', point: '1500', min: 1, max: 100, readOnly: true },
        ],
      },
    ],
  },
  {
    id: 'kakao',
    text: '카카오',
    bgColor: '#FFCD00',
    categories: [
      {
        text: '카카오톡 채널·스토리',
        services: [
          { text: '카카오톡 채널 친구 추가', point: '48', min: 10, max: 2000, notice: KR_NOTICE },
          { text: '카카오스토리 소식받기', point: '30', min: 10, max: 2000, notice: KR_NOTICE },
          { text: '카카오 오픈채팅 입장 인원', point: '90', min: 10, max: 500 },
        ],
      },
    ],
  },
  {
    id: 'twitch',
    text: '트위치',
    bgColor: '#9146FF',
    categories: [
      {
        text: '트위치',
        services: [
          { text: '채널 팔로워', point: '3', min: 100, max: 50000, notice: GLOBAL_NOTICE },
          { text: '클립 조회수', point: '0.7', min: 500, max: 100000, notice: VIEW_NOTICE },
        ],
      },
    ],
  },
  {
    id: 'spotify',
    text: '스포티파이',
    bgColor: '#1DB954',
    categories: [
      {
        text: '스포티파이',
        services: [
          {
            text: '트랙 재생수 (프리미엄 계정)',
            point: '0.85',
            min: 1000,
            max: 1000000,
            notice: '트랙 링크를 입력해 주세요. 하루 최대 5만 회씩 반영됩니다.',
            auto: true,
          },
          { text: '아티스트 팔로워', point: '3.2', min: 100, max: 50000 },
          { text: '플레이리스트 팔로워', point: '2.8', min: 100, max: 50000 },
        ],
      },
    ],
  },
  {
    id: 'soundcloud',
    text: '사운드클라우드',
    bgColor: '#FF5500',
    categories: [
      {
        text: '사운드클라우드',
        services: [
          { text: '트랙 재생수', point: '0.18', min: 1000, max: 1000000, auto: true },
          { text: '팔로워', point: '2.4', min: 100, max: 20000 },
          { text: '좋아요', point: '2', min: 50, max: 20000 },
        ],
      },
    ],
  },
  {
    id: 'discord',
    text: '디스코드',
    bgColor: '#5865F2',
    categories: [
      {
        text: '디스코드 서버',
        services: [
          {
            text: '서버 멤버 (오프라인)',
            point: '12',
            min: 100,
            max: 10000,
            notice: '만료되지 않는 초대 링크를 입력해 주세요.',
          },
          {
            text: '서버 멤버 (온라인 표시)',
            point: '28',
            min: 50,
            max: 5000,
            notice: '만료되지 않는 초대 링크를 입력해 주세요.',
          },
        ],
      },
    ],
  },
  {
    id: 'linkedin',
    text: '링크드인',
    bgColor: '#0A66C2',
    categories: [
      {
        text: '링크드인',
        services: [
          { text: '프로필 팔로워', point: '38', min: 50, max: 5000 },
          { text: '회사 페이지 팔로워', point: '42', min: 50, max: 5000 },
          { text: '게시물 좋아요', point: '30', min: 20, max: 2000 },
        ],
      },
    ],
  },
  {
    id: 'website',
    text: '웹사이트 트래픽',
    bgColor: '#4B5563',
    categories: [
      {
        text: '웹사이트 방문자',
        services: [
          {
            text: '🇰🇷 한국 방문자 (네이버 검색 유입)',
            point: '3.5',
            min: 500,
            max: 100000,
            notice: '접속 가능한 URL을 입력해 주세요.',
            auto: true,
          },
          {
            text: '🌍 글로벌 방문자',
            point: '0.45',
            min: 1000,
            max: 1000000,
            notice: '접속 가능한 URL을 입력해 주세요.',
            auto: true,
          },
        ],
      },
    ],
  },
];
