import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { paths } from '../../../config/paths';
import { IDENTITY_MESSAGES } from '../../../lib/contracts';
import { findPassword } from '../api/find-password';
import { AuthCard } from '../components/auth-card';
import { EmailForm } from '../components/email-form';

export default function FindPasswordRoute() {
  const [sent, setSent] = useState(false);
  return (
    <AuthCard
      title="비밀번호 찾기"
      sub="가입하신 이메일로 비밀번호 재설정 링크를 보내드립니다."
      footer={<Link to={paths.login}>로그인으로 돌아가기</Link>}
    >
      {sent ? (
        <p className="result-box" role="status">
          {IDENTITY_MESSAGES.mailSent} 메일함에서 비밀번호 재설정 링크를 확인해 주세요.
        </p>
      ) : (
        <EmailForm
          label="비밀번호 찾기"
          submitText="재설정 링크 받기"
          onSubmit={async (input) => {
            await findPassword(input);
            toast.success(IDENTITY_MESSAGES.mailSent);
            setSent(true);
          }}
        />
      )}
    </AuthCard>
  );
}
