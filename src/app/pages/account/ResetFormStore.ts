import type { AxiosInstance } from 'axios';
import { action, makeObservable, observable, observableRef } from 'mobx';
import type {
  PasswordChanged,
  ResetPasswordBody,
  ResetRequestValidity,
  ValidateResetBody,
} from '../../../schemas/account';
import type { SessionStore } from '../../stores/SessionStore';
import { AccountForm, type FieldErrors, failureText } from './AccountForm';
import { confirmProblem, newPasswordProblem } from './field-rules';

export interface ResetValues {
  CurrentPassword: string;
  NewPassword: string;
  ConfirmPassword: string;
}

/**
 * link: opened from the mailed link (`?token=`), no sign-in needed.
 * signedIn: the forced reset of a user whose token says ResetPassword (SPEC §4), or any signed-in
 * user choosing a new password; the current password is asked for.
 */
export type ResetMode = 'link' | 'signedIn';

/** Reset password (SPEC §1, §2 /support/resetpassword): checks the link, then sets the new password. */
export class ResetFormStore extends AccountForm<ResetValues> {
  readonly mode: ResetMode;
  /** POST /api/auth/validateresetpassword's verdict on the link (link mode), null while asking. */
  link: ResetRequestValidity | null = null;
  linkProblem: string | null = null;
  /** After a reset by link the user signs in again: the page offers the way. */
  signInAgain = false;

  constructor(
    private readonly api: AxiosInstance,
    private readonly session: SessionStore,
    private readonly token: string | null,
  ) {
    super({ CurrentPassword: '', NewPassword: '', ConfirmPassword: '' });
    this.mode = token ? 'link' : 'signedIn';
    makeObservable<ResetFormStore, 'setLink'>(this, {
      link: observableRef,
      linkProblem: observable,
      signInAgain: observable,
      setLink: action,
    });
  }

  /** The account the new password is for, for the policy's "not containing your user name". */
  get userName(): string | null {
    return this.mode === 'link' ? (this.link?.UserName ?? null) : (this.session.claims?.sub ?? null);
  }

  /** Link mode: can the link still be used? (SPEC §7 "validate reset password request"). */
  async validateLink(): Promise<void> {
    if (!this.token) return;
    try {
      // In the body: the token stays out of every URL the server (or a proxy) logs.
      const body: ValidateResetBody = { Token: this.token };
      const res = await this.api.post<ResetRequestValidity>('/auth/validateresetpassword', body, {
        anonymous: true,
        silent: true,
      });
      this.setLink(res.data, res.data.Valid ? null : res.data.Message);
    } catch (e) {
      this.setLink(null, failureText(e));
    }
  }

  protected check(v: ResetValues): FieldErrors<keyof ResetValues & string> {
    const errors: FieldErrors<keyof ResetValues & string> = {};
    if (this.mode === 'signedIn' && !v.CurrentPassword)
      errors.CurrentPassword = 'Current password is required.';
    const np = newPasswordProblem(v.NewPassword, this.userName);
    if (np) errors.NewPassword = np;
    const cp = confirmProblem(v.NewPassword, v.ConfirmPassword);
    if (cp) errors.ConfirmPassword = cp;
    return errors;
  }

  protected async send(v: ResetValues): Promise<string> {
    const body: ResetPasswordBody = { NewPassword: v.NewPassword, ConfirmPassword: v.ConfirmPassword };
    if (this.token) body.Token = this.token;
    else body.CurrentPassword = v.CurrentPassword;
    const res = await this.api.post<PasswordChanged>('/auth/resetpassword', body, {
      anonymous: this.mode === 'link',
      silent: true,
    });
    // Signed in: the fresh token (ResetPassword false) keeps this session; its other sessions end.
    if (res.data.token) this.session.replaceToken(res.data.token);
    else this.markSignInAgain();
    return res.data.Message;
  }

  private markSignInAgain = action(() => {
    this.signInAgain = true;
  });

  private setLink(link: ResetRequestValidity | null, problem: string | null): void {
    this.link = link;
    this.linkProblem = problem;
  }
}
