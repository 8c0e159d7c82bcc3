import { Card, PageTitle } from '../../../components/ui/card';
import { useQnas } from '../api/get-qnas';
import { Accordion } from '../components/accordion';

/** /qna: the FAQ accordion. */
export default function QnaRoute() {
  const { data = [], isPending } = useQnas();
  return (
    <div className="page narrow">
      <PageTitle>자주묻는질문</PageTitle>
      <Card>
        {data.length ? (
          <Accordion items={data} />
        ) : (
          <p className="muted">{isPending ? '불러오는 중...' : '등록된 질문이 없습니다.'}</p>
        )}
      </Card>
    </div>
  );
}
