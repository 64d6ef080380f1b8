import type { AxiosInstance } from 'axios';
import {
  type AccountMessage,
  type RecoverPasswordBody,
  recoverPasswordBodySchema,
} from '../../../schemas/account';
import { AccountForm, type FieldErrors } from './AccountForm';
import { textProblem } from './field-rules';

export interface RecoverValues {
  UserNameOrEmail: string;
}

/**
 * Forgot Password? (SPEC §1, §2): POST /api/auth/recoverpassword mails a single-use reset link.
 * The answer is the same whether or not the account exists, so the page only ever says "if an
 * account matches…".
 */
export class RecoverFormStore extends AccountForm<RecoverValues> {
  constructor(
    private readonly api: AxiosInstance,
    /** Where the reset link leads after the reset (the route the user was going to). */
    private readonly returnUrl: string | null,
  ) {
    super({ UserNameOrEmail: '' });
  }

  protected check(v: RecoverValues): FieldErrors<'UserNameOrEmail'> {
    const m = textProblem(
      'User name or email',
      v.UserNameOrEmail,
      recoverPasswordBodySchema.properties.UserNameOrEmail,
    );
    return m ? { UserNameOrEmail: m } : {};
  }

  protected async send(v: RecoverValues): Promise<string> {
    const body: RecoverPasswordBody = { UserNameOrEmail: v.UserNameOrEmail.trim() };
    if (this.returnUrl) body.ReturnUrl = this.returnUrl;
    const res = await this.api.post<AccountMessage>('/auth/recoverpassword', body, {
      anonymous: true,
      silent: true,
    });
    return res.data.Message;
  }
}
