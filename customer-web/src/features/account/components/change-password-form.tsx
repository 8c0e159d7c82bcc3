import { zodResolver } from '@hookform/resolvers/zod';
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

  const submit = form.handleSubmit((input) =>
    unlessGuest(async () => {
      try {
        await loading.during(
          changePassword({ currentPassword: input.currentPassword, newPassword: input.newPassword }),
        );
        toast.success(IDENTITY_MESSAGES.passwordChanged);
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
        <Button type="submit" disabled={isSubmitting}>
          비밀번호 변경
        </Button>
      </form>
    </Card>
  );
}
