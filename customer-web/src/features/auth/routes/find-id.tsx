import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { findId } from '../api/find-id';
import { AuthCard } from '../components/auth-card';
import { EmailForm } from '../components/email-form';

export default function FindIdRoute() {
  const [userId, setUserId] = useState<string | null>(null);
  return (
    <AuthCard
      title="아이디 찾기"
      sub="가입하신 이메일을 입력해 주세요."
      footer={<Link to={paths.login}>로그인으로 돌아가기</Link>}
    >
      {userId === null ? (
        <EmailForm
          label="아이디 찾기"
          submitText="아이디 찾기"
          onSubmit={async (input) => setUserId((await findId(input)).userId)}
        />
      ) : (
        <p className="result-box" role="status">
          회원님의 아이디는 <strong>{userId}</strong> 입니다.
        </p>
      )}
    </AuthCard>
  );
}
