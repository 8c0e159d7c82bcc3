import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { findAccountSchema, MESSAGES, type FindAccountInput } from '../../../lib/contracts';
import { loading } from '../../../lib/loading';

/** Find id / find password: one e-mail field; errors show the server's message (docs/product.md §8). */
export function EmailForm({
  label,
  submitText,
  onSubmit,
}: {
  label: string;
  submitText: string;
  onSubmit: (input: FindAccountInput) => Promise<void>;
}) {
  const form = useForm<FindAccountInput>({ resolver: zodResolver(findAccountSchema), defaultValues: { email: '' } });
  const submit = form.handleSubmit(async (input) => {
    try {
      await loading.during(onSubmit(input));
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.error));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={label}>
      <Input
        label="이메일"
        type="email"
        autoComplete="email"
        placeholder="가입하신 이메일"
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" block disabled={form.formState.isSubmitting}>
        {submitText}
      </Button>
    </form>
  );
}
