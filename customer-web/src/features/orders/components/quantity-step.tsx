import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, Input } from '../../../components/ui/field';
import { COMMENT_LINE_MAX, commentLines } from '../../../lib/order-rules';
import { formatNumber } from '../../../lib/format';
import type { Service } from '../api/get-services';

interface QuantityStepProps {
  service: Service | undefined;
  disabled: boolean;
  /** The form's `amount` and `comments` fields. */
  amount: UseFormRegisterReturn<'amount'>;
  comments: UseFormRegisterReturn<'comments'>;
  commentsValue: string;
  amountError?: string;
  commentsError?: string;
}

/** Step 5's title by the service's type. */
export const quantityStepTitle = (service: Service | undefined): string =>
  service?.type === 'Custom Comments' ? '댓글 입력' : service?.type === 'Package' ? '패키지 수량' : '수량 입력';

/**
 * What step 5 asks by the service's type: a quantity (Default); the comments, one per line, with a live
 * count (Custom Comments: the quantity is the number of lines); nothing (Package: one package).
 */
export function QuantityStep({
  service,
  disabled,
  amount,
  comments,
  commentsValue,
  amountError,
  commentsError,
}: QuantityStepProps) {
  if (service?.type === 'Package') {
    return (
      <p className="package-note" data-testid="package-note">
        패키지 1개 단위로 주문됩니다. 수량을 입력하지 않아도 됩니다.
      </p>
    );
  }
  if (service?.type === 'Custom Comments') {
    const lines = commentLines(commentsValue);
    const tooLong = lines.filter((line) => line.length > COMMENT_LINE_MAX).length;
    return (
      <Field
        error={commentsError}
        hint={
          <span data-testid="comment-count">
            댓글 {formatNumber(lines.length)}개 · 최소 {formatNumber(service.min)}개 ~ 최대 {formatNumber(service.max)}
            개 · 한 줄에 {COMMENT_LINE_MAX}자까지
            {tooLong > 0 ? ` · ${COMMENT_LINE_MAX}자를 넘는 줄 ${tooLong}개` : ''}
          </span>
        }
      >
        {(id) => (
          <textarea
            id={id}
            aria-label="댓글"
            className="input textarea"
            rows={6}
            placeholder={'댓글을 한 줄에 하나씩 입력해 주세요.\n예) 너무 예뻐요!\n예) 정보 감사합니다 :)'}
            disabled={disabled}
            aria-invalid={commentsError ? true : undefined}
            {...comments}
          />
        )}
      </Field>
    );
  }
  return (
    <Input
      aria-label="수량"
      type="number"
      inputMode="numeric"
      min={service?.min}
      max={service?.max}
      disabled={disabled}
      error={amountError}
      hint={service ? `최소 ${formatNumber(service.min)}개 ~ 최대 ${formatNumber(service.max)}개` : undefined}
      {...amount}
    />
  );
}
