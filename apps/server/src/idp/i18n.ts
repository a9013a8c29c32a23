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
    consentTitle: 'Allow {app} to read your information?',
    consentIntro:
      '{app}, from {publisher}, asks to read the following from your {issuer} account. It can only read: it cannot change anything or make payments.',
    consentListLabel: 'What {app} will read',
    consentPatient:
      'Your name, date of birth, gender, member ID, address and contact details, and those of the dependents on the policies you hold.',
    consentCoverage:
      'Your coverage: your plans with their plan and group numbers, who is covered and the coverage dates.',
    consentIdentity: 'Who you are: that you are this member of {issuer}.',
    consentProfile: 'Your name and username.',
    consentEmail: 'Your e-mail address.',
    consentOffline:
      'Keep reading this information when you are not using the app, for up to 90 days or until you disconnect it.',
    consentRevoke:
      'You can see the apps you connected and disconnect them at any time on the portal page “Who has seen my information”.',
    consentAllow: 'Allow',
    consentDeny: 'Don’t allow',
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
    consentTitle: '¿Permitir que {app} lea su información?',
    consentIntro:
      '{app}, de {publisher}, pide leer lo siguiente de su cuenta de {issuer}. Solo puede leer: no puede cambiar nada ni hacer pagos.',
    consentListLabel: 'Lo que {app} leerá',
    consentPatient:
      'Su nombre, fecha de nacimiento, sexo, número de miembro, dirección y datos de contacto, y los de los dependientes de las pólizas de las que usted es titular.',
    consentCoverage:
      'Su cobertura: sus planes con sus números de plan y de grupo, quién está cubierto y las fechas de cobertura.',
    consentIdentity: 'Quién es usted: que es este miembro de {issuer}.',
    consentProfile: 'Su nombre y su nombre de usuario.',
    consentEmail: 'Su dirección de correo electrónico.',
    consentOffline:
      'Seguir leyendo esta información cuando usted no esté usando la aplicación, hasta 90 días o hasta que la desconecte.',
    consentRevoke:
      'Puede ver las aplicaciones que conectó y desconectarlas en cualquier momento en la página del portal «Quién ha visto mi información».',
    consentAllow: 'Permitir',
    consentDeny: 'No permitir',
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
    consentTitle: 'Permitir que {app} leia suas informações?',
    consentIntro:
      '{app}, de {publisher}, pede para ler o seguinte da sua conta na {issuer}. Ele só pode ler: não pode alterar nada nem fazer pagamentos.',
    consentListLabel: 'O que {app} vai ler',
    consentPatient:
      'Seu nome, data de nascimento, sexo, número de associado, endereço e dados de contato, e os dos dependentes dos planos de que você é titular.',
    consentCoverage:
      'Sua cobertura: seus planos com os números do plano e do grupo, quem está coberto e as datas de cobertura.',
    consentIdentity: 'Quem você é: que você é este associado da {issuer}.',
    consentProfile: 'Seu nome e seu nome de usuário.',
    consentEmail: 'Seu endereço de e-mail.',
    consentOffline:
      'Continuar lendo essas informações quando você não estiver usando o aplicativo, por até 90 dias ou até você desconectá-lo.',
    consentRevoke:
      'Você pode ver os aplicativos que conectou e desconectá-los a qualquer momento na página do portal “Quem viu minhas informações”.',
    consentAllow: 'Permitir',
    consentDeny: 'Não permitir',
  },
} satisfies Record<Language, Record<string, string>>;

export type IdpMessages = (typeof messages)['en'];
export type IdpMessageKey = keyof IdpMessages;

export function idpMessages(language: Language): IdpMessages {
  return messages[language];
}

export const idpMessageTables: Readonly<Record<Language, IdpMessages>> = messages;
