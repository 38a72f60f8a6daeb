import { Eye, EyeOff, LockKeyhole, LogIn, UserRound } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { getErrorMessage, getFieldErrors } from '@/api/client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { saveFlashToast } from '@/lib/flash-toast';
import { pageNavigation } from '@/lib/navigation';
import { storeLoginResponse } from '@/lib/session';
import { useLogin } from '../api/login';
import { validateLogin, type LoginErrors } from './validate-login';

const FALLBACK_FAILURE = 'Invalid username or password';

/**
 * LoginForm: username and password (spec 01 §5). On success the response is stored
 * and the app loads / as a new page; on failure an "Authentication Failed" alert and a
 * destructive "Login failed" toast show the server's message.
 */
export function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const { trigger, isMutating } = useLogin();
  const { toast } = useToast();
  const pending = isMutating || redirecting;

  const revalidate = (next: { username: string; password: string }) => {
    if (submitted) setErrors(validateLogin(next));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    const credentials = { username: username.trim(), password };
    const found = validateLogin(credentials);
    setErrors(found);
    if (found.username) return usernameRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();

    setFailure(null);
    try {
      const response = await trigger(credentials);
      storeLoginResponse(response);
      const welcome = {
        title: 'Login successful',
        description: `Welcome back, ${response.user.username}!`,
        variant: 'success' as const,
      };
      toast(welcome);
      saveFlashToast(welcome);
      setRedirecting(true);
      pageNavigation.assign('/');
    } catch (error) {
      const message = getErrorMessage(error, FALLBACK_FAILURE);
      const fieldErrors = getFieldErrors(error);
      if (fieldErrors.username || fieldErrors.password) {
        setErrors({ username: fieldErrors.username, password: fieldErrors.password });
      }
      setFailure(message);
      toast({ title: 'Login failed', description: message, variant: 'destructive' });
    }
  };

  return (
    <form className="login-form" onSubmit={onSubmit} noValidate aria-describedby={failure ? 'login-failure' : undefined}>
      {failure ? (
        <div id="login-failure">
          <Alert variant="destructive" title="Authentication Failed">
            {failure}
          </Alert>
        </div>
      ) : null}
      <Field
        ref={usernameRef}
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="Your username"
        icon={<UserRound size={18} />}
        value={username}
        error={errors.username}
        onChange={(e) => {
          setUsername(e.target.value);
          revalidate({ username: e.target.value, password });
        }}
      />
      <div className="login-form__password">
        <Field
          ref={passwordRef}
          label="Password"
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          placeholder="Your password"
          icon={<LockKeyhole size={18} />}
          value={password}
          error={errors.password}
          onChange={(e) => {
            setPassword(e.target.value);
            revalidate({ username, password: e.target.value });
          }}
        />
        <button
          type="button"
          className="login-form__reveal"
          aria-label={showPassword ? 'Hide password' : 'Show password'}
          aria-pressed={showPassword}
          onClick={() => setShowPassword((v) => !v)}
        >
          {showPassword ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
        </button>
      </div>
      <Button
        type="submit"
        size="lg"
        fullWidth
        loading={pending}
        icon={<LogIn size={18} aria-hidden="true" />}
      >
        {pending ? 'Logging in...' : 'Log in'}
      </Button>
    </form>
  );
}
