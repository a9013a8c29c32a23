import type { Language } from '@portal/domain';

/** Texts of the built-in identity providers' pages, in the portal's three languages. */
const messages = {
  en: {
    consumerTitle: 'Member sign-in',
    consumerIntro: 'Sign in to see your coverage, pay your premium and manage your account.',
    workforceTitle: 'Staff and broker sign-in',
    workforceIntro: 'For issuer staff and brokers of record.',
    username: 'Username',
    password: 'Password',
    signIn: 'Sign in',
    cancel: 'Cancel and go back',
    invalidCredentials: 'The username or password is not correct. Please try again.',
    missingFields: 'Enter your username and password.',
    tooManyAttempts: 'Too many unsuccessful attempts. Please wait 15 minutes and try again.',
    sessionExpired: 'Your sign-in took too long. Please start again from the portal.',
    language: 'Language',
    demoHint: 'Demo accounts and their password are listed in the README.',
    signOutTitle: 'Sign out',
    signOutQuestion: 'Do you want to sign out of the portal?',
    signOutConfirm: 'Yes, sign me out',
    signOutCancel: 'No, stay signed in',
    signedOutTitle: 'You are signed out',
    signedOutBody: 'You have signed out. You can close this window.',
    errorTitle: 'Sign-in problem',
    errorBody: 'We could not complete the sign-in. Please go back to the portal and try again.',
    backToPortal: 'Back to the portal',
  },
  es: {
    consumerTitle: 'Inicio de sesión para miembros',
    consumerIntro: 'Inicie sesión para ver su cobertura, pagar su prima y administrar su cuenta.',
    workforceTitle: 'Inicio de sesión para personal y agentes',
    workforceIntro: 'Para el personal de la aseguradora y los agentes registrados.',
    username: 'Nombre de usuario',
    password: 'Contraseña',
    signIn: 'Iniciar sesión',
    cancel: 'Cancelar y volver',
    invalidCredentials: 'El nombre de usuario o la contraseña no son correctos. Inténtelo de nuevo.',
    missingFields: 'Escriba su nombre de usuario y su contraseña.',
    tooManyAttempts: 'Demasiados intentos fallidos. Espere 15 minutos e inténtelo de nuevo.',
    sessionExpired: 'El inicio de sesión tardó demasiado. Vuelva a empezar desde el portal.',
    language: 'Idioma',
    demoHint: 'Las cuentas de demostración y su contraseña aparecen en el README.',
    signOutTitle: 'Cerrar sesión',
    signOutQuestion: '¿Desea cerrar su sesión en el portal?',
    signOutConfirm: 'Sí, cerrar sesión',
    signOutCancel: 'No, seguir conectado',
    signedOutTitle: 'Ha cerrado sesión',
    signedOutBody: 'Ha cerrado su sesión. Ya puede cerrar esta ventana.',
    errorTitle: 'Problema al iniciar sesión',
    errorBody: 'No pudimos completar el inicio de sesión. Vuelva al portal e inténtelo de nuevo.',
    backToPortal: 'Volver al portal',
  },
  pt: {
    consumerTitle: 'Acesso do associado',
    consumerIntro: 'Entre para ver sua cobertura, pagar sua mensalidade e gerenciar sua conta.',
    workforceTitle: 'Acesso da equipe e de corretores',
    workforceIntro: 'Para a equipe da operadora e os corretores responsáveis.',
    username: 'Nome de usuário',
    password: 'Senha',
    signIn: 'Entrar',
    cancel: 'Cancelar e voltar',
    invalidCredentials: 'O nome de usuário ou a senha não estão corretos. Tente novamente.',
    missingFields: 'Informe seu nome de usuário e sua senha.',
    tooManyAttempts: 'Muitas tentativas sem sucesso. Aguarde 15 minutos e tente novamente.',
    sessionExpired: 'O acesso demorou demais. Comece novamente a partir do portal.',
    language: 'Idioma',
    demoHint: 'As contas de demonstração e a senha estão listadas no README.',
    signOutTitle: 'Sair',
    signOutQuestion: 'Deseja sair do portal?',
    signOutConfirm: 'Sim, quero sair',
    signOutCancel: 'Não, continuar conectado',
    signedOutTitle: 'Você saiu',
    signedOutBody: 'Você saiu da sua conta. Já pode fechar esta janela.',
    errorTitle: 'Problema ao entrar',
    errorBody: 'Não foi possível concluir o acesso. Volte ao portal e tente novamente.',
    backToPortal: 'Voltar ao portal',
  },
} satisfies Record<Language, Record<string, string>>;

export type IdpMessages = (typeof messages)['en'];
export type IdpMessageKey = keyof IdpMessages;

export function idpMessages(language: Language): IdpMessages {
  return messages[language];
}

export const idpMessageTables: Readonly<Record<Language, IdpMessages>> = messages;
