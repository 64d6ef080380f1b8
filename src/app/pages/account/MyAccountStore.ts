import type { AxiosInstance } from 'axios';
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import {
  type ChangePasswordBody,
  type MyAccount,
  type NotificationPreferences,
  type PasswordChanged,
  type UpdateAccountBody,
  updateAccountBodySchema,
} from '../../../schemas/account';
import type { SessionStore } from '../../stores/SessionStore';
import { AccountForm, type FieldErrors, failureText } from './AccountForm';
import { confirmProblem, emailProblem, newPasswordProblem, textProblem } from './field-rules';

export interface ProfileValues {
  FirstName: string;
  LastName: string;
  Email: string;
  Phone: string;
  NotificationPreferences: NotificationPreferences;
}

export interface PasswordValues {
  CurrentPassword: string;
  NewPassword: string;
  ConfirmPassword: string;
}

const fields = updateAccountBodySchema.properties;

const profileOf = (a: MyAccount): ProfileValues => ({
  FirstName: a.FirstName,
  LastName: a.LastName,
  Email: a.Email,
  Phone: a.Phone ?? '',
  NotificationPreferences: { ...a.NotificationPreferences },
});

/** My account's details form: PUT /api/auth/updateaccount. */
export class ProfileForm extends AccountForm<ProfileValues> {
  constructor(
    private readonly api: AxiosInstance,
    private readonly saved: (account: MyAccount) => void,
  ) {
    super({
      FirstName: '',
      LastName: '',
      Email: '',
      Phone: '',
      NotificationPreferences: { BookingNotifications: true, SecurityAlerts: true },
    });
  }

  setPreference(key: keyof NotificationPreferences, on: boolean): void {
    this.set('NotificationPreferences', { ...this.values.NotificationPreferences, [key]: on });
  }

  protected check(v: ProfileValues): FieldErrors<keyof ProfileValues & string> {
    const errors: FieldErrors<keyof ProfileValues & string> = {};
    const put = (k: keyof ProfileValues & string, m: string | null) => {
      if (m) errors[k] = m;
    };
    put('FirstName', textProblem('First name', v.FirstName, fields.FirstName));
    put('LastName', textProblem('Last name', v.LastName, fields.LastName));
    put('Email', emailProblem(v.Email, fields.Email));
    put('Phone', textProblem('Phone', v.Phone, fields.Phone, false));
    return errors;
  }

  protected async send(v: ProfileValues): Promise<string> {
    const body: UpdateAccountBody = {
      FirstName: v.FirstName.trim(),
      LastName: v.LastName.trim(),
      Email: v.Email.trim(),
      Phone: v.Phone.trim() || null,
      NotificationPreferences: v.NotificationPreferences,
    };
    const res = await this.api.put<MyAccount>('/auth/updateaccount', body, { silent: true });
    this.saved(res.data);
    return 'Your account details have been saved.';
  }
}

/** My account's change-password form: POST /api/auth/changepassword. */
export class ChangePasswordForm extends AccountForm<PasswordValues> {
  constructor(
    private readonly api: AxiosInstance,
    private readonly session: SessionStore,
  ) {
    super({ CurrentPassword: '', NewPassword: '', ConfirmPassword: '' });
  }

  protected check(v: PasswordValues): FieldErrors<keyof PasswordValues & string> {
    const errors: FieldErrors<keyof PasswordValues & string> = {};
    if (!v.CurrentPassword) errors.CurrentPassword = 'Current password is required.';
    const np = newPasswordProblem(v.NewPassword, this.session.claims?.sub);
    if (np) errors.NewPassword = np;
    const cp = confirmProblem(v.NewPassword, v.ConfirmPassword);
    if (cp) errors.ConfirmPassword = cp;
    return errors;
  }

  protected async send(v: PasswordValues): Promise<string> {
    const body: ChangePasswordBody = { CurrentPassword: v.CurrentPassword, NewPassword: v.NewPassword };
    const res = await this.api.post<PasswordChanged>('/auth/changepassword', body, { silent: true });
    // The server signed out the user's other sessions; this one goes on with the fresh token.
    if (res.data.token) this.session.replaceToken(res.data.token);
    runInAction(() => this.reset({ CurrentPassword: '', NewPassword: '', ConfirmPassword: '' }));
    return res.data.Message;
  }
}

/** My account (SPEC §1, §2 /my_account/info): GET /api/users/me/account and the two forms. */
export class MyAccountStore {
  account: MyAccount | null = null;
  loadError: string | null = null;
  readonly profile: ProfileForm;
  readonly password: ChangePasswordForm;

  constructor(
    private readonly api: AxiosInstance,
    session: SessionStore,
  ) {
    this.profile = new ProfileForm(api, (a) => this.setAccount(a));
    this.password = new ChangePasswordForm(api, session);
    makeObservable(this, { account: observableRef, loadError: observable, setAccount: action });
  }

  async load(): Promise<void> {
    try {
      const res = await this.api.get<MyAccount>('/users/me/account', { silent: true });
      this.setAccount(res.data);
    } catch (e) {
      runInAction(() => {
        this.loadError = failureText(e);
      });
    }
  }

  setAccount(account: MyAccount): void {
    this.account = account;
    this.loadError = null;
    this.profile.reset(profileOf(account));
  }
}
