import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, PRODUCT_NAME, type LoginInput } from '@vendai/contracts';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import { useCompleteAuth } from '@/lib/auth';
import { FORM_OPTIONS, fieldAria } from '@/lib/form';
import { returnPathFrom } from '@/lib/return-to';
import { reportReferralAfterSignIn } from '@/lib/referral';
import { useSignIn } from '../api/sign-in';
import { AuthLayout } from './auth-layout';

/** /login (docs/product/screens.md): 'Entrar' → 'Entrando...', Portuguese error in red, success to `?voltar=` (a page of this app) or /dashboard with the query string. */
export function LoginForm() {
  const { search } = useLocation();
  const completeAuth = useCompleteAuth();
  const signIn = useSignIn();
  const { register, handleSubmit, clearErrors, formState } = useForm<LoginInput>({
    ...FORM_OPTIONS,
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = formState;

  // The browser checks 'required' and the e-mail format first (the form keeps native validation).
  const onSubmit = handleSubmit(({ email, password }) => {
    signIn.reset();
    signIn.mutate(
      { email, password },
      {
        onSuccess: () => {
          void reportReferralAfterSignIn(email);
          void completeAuth(returnPathFrom(search) ?? paths.conversations.getHref(search));
        },
      },
    );
  });
  const field = (key: keyof LoginInput) => ({
    ...register(key, { onChange: () => clearErrors(key) }),
    ...fieldAria(key, errors[key]?.message),
  });

  return (
    <AuthLayout
      title={`Acessar ${PRODUCT_NAME}`}
      subtitle="Entre para acompanhar suas conversas e o seu agente de IA."
      footer={
        <>
          Ainda não tem conta?{' '}
          <Link to={paths.register.getHref(search)} className="font-semibold text-brand-700 hover:underline">
            Criar conta
          </Link>
        </>
      }
    >
      <form onSubmit={(e) => void onSubmit(e)} className="space-y-4" noValidate={false}>
        <Field id="email" label="E-mail" error={errors.email?.message}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            required
            placeholder="voce@empresa.com.br"
            {...field('email')}
          />
        </Field>
        <Field id="password" label="Senha" error={errors.password?.message}>
          <PasswordInput id="password" autoComplete="current-password" required {...field('password')} />
        </Field>
        <div className="flex justify-end">
          <Link to={paths.forgotPassword.getHref()} className="text-sm font-medium text-brand-700 hover:underline">
            Esqueci minha senha
          </Link>
        </div>
        {signIn.error ? (
          <p role="alert" className="text-sm font-medium text-red-600">
            {signIn.error.message}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending}>
          {signIn.isPending ? 'Entrando...' : 'Entrar'}
        </Button>
      </form>
    </AuthLayout>
  );
}
