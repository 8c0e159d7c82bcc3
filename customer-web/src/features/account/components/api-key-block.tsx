import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { STOREFRONT_MESSAGES } from '../../../lib/messages';
import { renewApiKey } from '../api/renew-api-key';
import { accountAction } from './guest-guard';

export function ApiKeyBlock({ apiKey }: { apiKey: string | null }) {
  const renew = accountAction(renewApiKey, STOREFRONT_MESSAGES.apiKeyRenewed);
  return (
    <Card title="API 키" actions={<Link to={paths.apiDocs}>API 문서 보기</Link>}>
      <p className="muted">
        API 키로 주문을 자동화할 수 있습니다. 키를 재발급하면 이전 키는 더 이상 사용할 수 없습니다.
      </p>
      <div className="key-row">
        <code className="api-key" data-testid="api-key">
          {apiKey ?? '발급된 API 키가 없습니다.'}
        </code>
        <Button variant="secondary" onClick={renew}>
          {apiKey ? '재발급' : '발급'}
        </Button>
      </div>
    </Card>
  );
}
