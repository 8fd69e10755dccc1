import { PRODUCT_NAME } from '@vendai/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import { useCompleteAuth } from '@/lib/auth';
import { reportReferralAfterSignIn } from '@/lib/referral';
import { useSignIn } from '../api/sign-in';
import { AuthLayout } from './auth-layout';

/** /login (part 1 §2): 'Entrar' → 'Entrando...', Portuguese error in red, success to /dashboard with the query string. */
export function LoginForm() {
  const { search } = useLocation();
  const completeAuth = useCompleteAuth();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    signIn.reset();
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          void reportReferralAfterSignIn(email.trim());
          void completeAuth(paths.dashboard.getHref(search));
        },
      },
    );
  };

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
      <form onSubmit={onSubmit} className="space-y-4" noValidate={false}>
        <Field id="email" label="E-mail">
          <Input id="email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="voce@empresa.com.br" />
        </Field>
        <Field id="password" label="Senha">
          <PasswordInput id="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
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
