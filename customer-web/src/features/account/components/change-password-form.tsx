import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { hasCode, refusalMessage } from '../../../lib/api-client';
import {
  changePasswordFormSchema,
  IDENTITY_MESSAGES,
  MESSAGES,
  PASSWORD_PLACEHOLDER,
  type ChangePasswordInput,
} from '../../../lib/contracts';
import { loading } from '../../../lib/loading';
import { changePassword } from '../api/change-password';
import { unlessGuest } from './guest-guard';

type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

export function ChangePasswordForm() {
  const navigate = useNavigate();
  const form = useForm<ChangePasswordFormValues, unknown, ChangePasswordInput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', newPasswordConfirm: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // Every session ends with a new password; the API key only when the member asks.
  const [renewApiKey, setRenewApiKey] = useState(false);

  const submit = form.handleSubmit((input) =>
    unlessGuest(async () => {
      try {
        await loading.during(
          changePassword({
            currentPassword: input.currentPassword,
            newPassword: input.newPassword,
            ...(renewApiKey ? { renewApiKey } : {}),
          }),
        );
        toast.success(IDENTITY_MESSAGES.passwordChanged);
        if (renewApiKey) toast.info('API 키도 재발급되었습니다. 다시 로그인한 뒤 계정 설정에서 확인해 주세요.');
        void navigate(paths.logout);
      } catch (error) {
        toast.error(
          hasCode(error, 'CURRENT_PASSWORD_WRONG')
            ? IDENTITY_MESSAGES.currentPasswordWrong
            : refusalMessage(error, MESSAGES.error),
        );
      }
    }),
  );

  return (
    <Card title="비밀번호 변경">
      <form
        onSubmit={(e) => (isSubmitting ? e.preventDefault() : void submit(e))}
        noValidate
        aria-label="비밀번호 변경"
      >
        <Input
          label="현재 비밀번호"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <Input
          label="새 비밀번호"
          type="password"
          autoComplete="new-password"
          placeholder={PASSWORD_PLACEHOLDER}
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <Input
          label="새 비밀번호 확인"
          type="password"
          autoComplete="new-password"
          placeholder={PASSWORD_PLACEHOLDER}
          error={errors.newPasswordConfirm?.message}
          {...form.register('newPasswordConfirm')}
        />
        <label className="check">
          <input
            type="checkbox"
            checked={renewApiKey}
            onChange={(e) => setRenewApiKey(e.target.checked)}
            data-testid="renew-api-key"
          />
          <span>API 키도 재발급 (이전 키는 즉시 사용할 수 없게 됩니다)</span>
        </label>
        <p className="muted">비밀번호를 바꾸면 모든 기기에서 로그아웃됩니다.</p>
        <Button type="submit" disabled={isSubmitting}>
          비밀번호 변경
        </Button>
      </form>
    </Card>
  );
}
