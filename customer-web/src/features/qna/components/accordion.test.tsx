import { fireEvent, render, screen } from '@testing-library/react';
import { Accordion } from './accordion';

describe('the FAQ accordion', () => {
  it('keeps one answer open at a time', () => {
    render(
      <Accordion
        items={[
          { id: 1, title: '언제 시작되나요?', answer: '10분 안에 시작됩니다.' },
          { id: 2, title: '환불되나요?', answer: '72시간 이내 가능합니다.' },
        ]}
      />,
    );
    expect(screen.queryByText('10분 안에 시작됩니다.')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /언제 시작되나요/ }));
    expect(screen.getByText('10분 안에 시작됩니다.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /환불되나요/ }));
    expect(screen.queryByText('10분 안에 시작됩니다.')).not.toBeInTheDocument();
    expect(screen.getByText('72시간 이내 가능합니다.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /환불되나요/ }));
    expect(screen.queryByText('72시간 이내 가능합니다.')).not.toBeInTheDocument();
  });
});
