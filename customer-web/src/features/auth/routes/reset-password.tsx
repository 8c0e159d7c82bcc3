import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { refusalMessage } from '../../../lib/api-client';
import { IDENTITY_MESSAGES, MESSAGES, PASSWORD_PLACEHOLDER, resetPasswordFormSchema } from '../../../lib/contracts';
import { loading } from '../../../lib/loading';
import { resetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { isUsableResetToken } from '../lib/reset-token';

/** /reset-password?token=...: a missing, undecodable or expired token goes back one page, silently. */
export default function ResetPasswordRoute() {
  const token = useSearchParams()[0].get('token');
  const navigate = useNavigate();
  const usable = isUsableResetToken(token);
  useEffect(() => {
    if (!usable) void navigate(-1);
  }, [usable, navigate]);
  const form = useForm({ defaultValues: { password: '', passwordConfirm: '' } });
  if (!usable) return null;

  // A mismatch is a toast and no call (docs/product.md §5), so the shared schema is checked here rather than inline.
  const submit = form.handleSubmit(async (values) => {
    const checked = resetPasswordFormSchema.safeParse({ token, ...values });
    if (!checked.success) return void toast.error(checked.error.issues[0]?.message);
    try {
      await loading.during(resetPassword({ token: checked.data.token, password: checked.data.password }));
      toast.success(IDENTITY_MESSAGES.resetSuccess);
      void navigate(paths.home);
    } catch (error) {
      toast.error(refusalMessage(error, MESSAGES.error));
    }
  });

  return (
    <AuthCard title="비밀번호 재설정">
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="비밀번호 재설정">
        <Input
          label="새 비밀번호"
          type="password"
          placeholder={PASSWORD_PLACEHOLDER}
          autoComplete="new-password"
          {...form.register('password')}
        />
        <Input
          label="새 비밀번호 확인"
          type="password"
          placeholder={PASSWORD_PLACEHOLDER}
          autoComplete="new-password"
          {...form.register('passwordConfirm')}
        />
        <Button type="submit" block disabled={form.formState.isSubmitting}>
          재설정
        </Button>
      </form>
    </AuthCard>
  );
}
