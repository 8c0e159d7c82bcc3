import { IllegalTransitionError } from './domain-error.js';
import { TransitionTable, withParticle } from './transition-table.js';

type Light = 'RED' | 'GREEN' | 'YELLOW' | 'OFF';
const lights = new TransitionTable<Light>({
  entity: 'Light',
  noun: '신호등',
  labels: { RED: '빨강', GREEN: '초록', YELLOW: '노랑', OFF: '꺼짐' },
  moves: { RED: ['GREEN', 'OFF'], GREEN: ['YELLOW', 'OFF'], YELLOW: ['RED', 'OFF'], OFF: [] },
  refusals: {
    OFF: '이미 꺼진 신호등입니다.',
    RED: { YELLOW: '빨강에서 노랑으로 바로 바꿀 수 없습니다.' },
    GREEN: { '*': '초록 신호는 노랑을 거칩니다.' },
  },
});

describe('TransitionTable', () => {
  it('allows exactly the listed moves and throws the refusal as a 409 carrying the move', () => {
    expect(lights.allows('RED', 'GREEN')).toBe(true);
    expect(lights.allows('GREEN', 'RED')).toBe(false);
    expect(() => lights.assert('RED', 'GREEN')).not.toThrow();
    const error = (() => {
      try {
        lights.assert('OFF', 'RED');
      } catch (e) {
        return e;
      }
    })() as IllegalTransitionError;
    expect(error).toBeInstanceOf(IllegalTransitionError);
    expect(error).toMatchObject({
      status: 409,
      message: '이미 꺼진 신호등입니다.',
      move: { entity: 'Light', from: 'OFF', to: 'RED' },
    });
  });

  it('says a refusal by the state moved from, by target, by the "*" target, or from the labels', () => {
    expect(lights.refusal('OFF', 'GREEN')).toBe('이미 꺼진 신호등입니다.');
    expect(lights.refusal('RED', 'YELLOW')).toBe('빨강에서 노랑으로 바로 바꿀 수 없습니다.');
    expect(lights.refusal('GREEN', 'RED')).toBe('초록 신호는 노랑을 거칩니다.');
    expect(lights.refusal('RED', 'RED')).toBe('이미 빨강 상태인 신호등입니다.');
    expect(lights.refusal('YELLOW', 'GREEN')).toBe('노랑 상태의 신호등은 빨강 또는 꺼짐으로만 바꿀 수 있습니다.');
  });

  it('knows terminal states and the shortest walk', () => {
    expect(lights.states.filter((s) => lights.isTerminal(s))).toEqual(['OFF']);
    expect(lights.path('RED', 'YELLOW')).toEqual(['GREEN', 'YELLOW']);
    expect(lights.path('OFF', 'RED')).toBeNull();
    expect(lights.label('OFF')).toBe('꺼짐');
  });
});

describe('withParticle', () => {
  it.each([
    ['주문', '은', '는', '주문은'],
    ['충전', '은', '는', '충전은'],
    ['회사', '은', '는', '회사는'],
    ['완료', '으로', '로', '완료로'],
    ['진행중', '으로', '로', '진행중으로'],
    ['꺼짐', '으로', '로', '꺼짐으로'],
    ['보류 처리', '으로', '로', '보류 처리로'],
    ['서울', '으로', '로', '서울로'], // a final ㄹ takes 로
    ['API', '은', '는', 'API는'],
  ])('%s + %s/%s = %s', (word, c, v, expected) => expect(withParticle(word, c, v)).toBe(expected));
});
