import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { IDENTITY_MESSAGES } from '../../../lib/contracts';
import { loading } from '../../../lib/loading';

/** Both sign-ups end alike (docs/product.md §8): success toast and /login, else the server's message or 회원가입에 실패했습니다. */
export function useRegisterSubmit() {
  const navigate = useNavigate();
  return async (call: () => Promise<unknown>) => {
    try {
      await loading.during(call());
      toast.success(IDENTITY_MESSAGES.registerSuccess);
      void navigate(paths.login);
    } catch (error) {
      toast.error(errorMessage(error, IDENTITY_MESSAGES.registerFailed));
    }
  };
}
