import type { AxiosInstance } from 'axios';
import { action, makeObservable, observable } from 'mobx';
import type { AccountMessage } from '../../../schemas/account';
import {
  type RequestedAccessArea,
  type SignUpBody,
  signUpBodySchema,
  type UserNameAvailability,
} from '../../../schemas/sign-up';
import { AccountForm, type FieldErrors } from './AccountForm';
import { emailProblem, textProblem } from './field-rules';

export interface SignUpValues {
  CompanyName: string;
  SCAC: string;
  FirstName: string;
  LastName: string;
  UserName: string;
  Email: string;
  Phone: string;
  RequestedAccess: RequestedAccessArea[];
}

const EMPTY: SignUpValues = {
  CompanyName: '',
  SCAC: '',
  FirstName: '',
  LastName: '',
  UserName: '',
  Email: '',
  Phone: '',
  RequestedAccess: [],
};

const fields = signUpBodySchema.properties;

/** "Register as a New User" (SPEC §1, §2): POST /api/auth/signup files a request for access. */
export class SignUpFormStore extends AccountForm<SignUpValues> {
  /** Why GET /api/auth/usernames refused the user name last checked, and which name that was. */
  userNameTaken: { name: string; message: string } | null = null;

  constructor(private readonly api: AxiosInstance) {
    super({ ...EMPTY, RequestedAccess: [] });
    makeObservable<SignUpFormStore, 'setTaken'>(this, { userNameTaken: observable, setTaken: action });
  }

  toggleAccess(area: RequestedAccessArea, on: boolean): void {
    const rest = this.values.RequestedAccess.filter((a) => a !== area);
    this.set('RequestedAccess', on ? [...rest, area] : rest);
  }

  /** Asks whether the user name can be had, when the user leaves the field. */
  async checkUserName(): Promise<void> {
    const userName = this.values.UserName.trim();
    if (textProblem('User name', userName, fields.UserName)) return this.setTaken(null);
    try {
      const res = await this.api.get<UserNameAvailability>('/auth/usernames', {
        params: { userName },
        anonymous: true,
        silent: true,
      });
      this.setTaken(res.data.Available ? null : { name: userName, message: res.data.Message });
    } catch {
      this.setTaken(null); // the server checks again on submit
    }
  }

  protected earlyErrors(): FieldErrors<keyof SignUpValues & string> {
    const taken = this.takenMessage(this.values.UserName);
    return taken ? { UserName: taken } : {};
  }

  private takenMessage(userName: string): string | null {
    return this.userNameTaken?.name === userName.trim() ? this.userNameTaken.message : null;
  }

  protected check(v: SignUpValues): FieldErrors<keyof SignUpValues & string> {
    const errors: FieldErrors<keyof SignUpValues & string> = {};
    const put = (k: keyof SignUpValues & string, m: string | null) => {
      if (m) errors[k] = m;
    };
    put('CompanyName', textProblem('Company name', v.CompanyName, fields.CompanyName));
    put('SCAC', textProblem('SCAC', v.SCAC, fields.SCAC));
    put('FirstName', textProblem('First name', v.FirstName, fields.FirstName));
    put('LastName', textProblem('Last name', v.LastName, fields.LastName));
    put('UserName', textProblem('User name', v.UserName, fields.UserName) ?? this.takenMessage(v.UserName));
    put('Email', emailProblem(v.Email, fields.Email));
    put('Phone', textProblem('Phone', v.Phone, fields.Phone));
    if (v.RequestedAccess.length === 0)
      errors.RequestedAccess = 'Choose at least one area you need access to.';
    return errors;
  }

  protected async send(v: SignUpValues): Promise<string> {
    const body: SignUpBody = {
      CompanyName: v.CompanyName.trim(),
      SCAC: v.SCAC.trim().toUpperCase(),
      FirstName: v.FirstName.trim(),
      LastName: v.LastName.trim(),
      UserName: v.UserName.trim(),
      Email: v.Email.trim(),
      Phone: v.Phone.trim(),
      RequestedAccess: v.RequestedAccess,
    };
    const res = await this.api.post<AccountMessage>('/auth/signup', body, { anonymous: true, silent: true });
    return res.data.Message;
  }

  private setTaken(taken: { name: string; message: string } | null): void {
    this.userNameTaken = taken;
  }
}
