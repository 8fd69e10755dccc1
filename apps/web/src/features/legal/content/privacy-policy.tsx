import { PRODUCT_NAME } from '@vendai/contracts/brand';
import type { ReactNode } from 'react';
import { EmailLink, H3, Item, List, P, Strong } from '../components/legal-typography';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * Privacy policy under the LGPD (Lei nº 13.709/2018). Article numbers refer to the LGPD unless
 * another law is named.
 */
export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'quem-somos',
    title: 'Quem somos e como falar conosco',
    body: (
      <>
        <P>
          O {PRODUCT_NAME} é uma plataforma que oferece a pequenos negócios e profissionais um assistente de vendas com
          inteligência artificial que responde clientes no WhatsApp. Nesta política, “{PRODUCT_NAME}”, “nós” e “nosso”
          se referem à empresa responsável pela plataforma, que é a <Strong>controladora</Strong> dos dados pessoais
          tratados para criar e manter a sua conta.
        </P>
        <P>
          Para qualquer assunto sobre privacidade e proteção de dados, inclusive para falar com o nosso encarregado pelo
          tratamento de dados pessoais (art. 41), escreva para <EmailLink />.
        </P>
      </>
    ),
  },
  {
    id: 'a-quem-se-aplica',
    title: 'A quem esta política se aplica',
    body: (
      <>
        <P>Esta política explica como tratamos dados pessoais de dois grupos de pessoas:</P>
        <List>
          <Item term="Usuários">
            quem cria uma conta no {PRODUCT_NAME} para atender os próprios clientes (por exemplo, um consultório, uma
            loja ou um profissional autônomo), e quem visita o nosso site.
          </Item>
          <Item term="Contatos dos usuários">
            as pessoas que conversam pelo WhatsApp com os números que os usuários conectam ao {PRODUCT_NAME}.
          </Item>
        </List>
      </>
    ),
  },
  {
    id: 'controlador-e-operador',
    title: 'Nosso papel: controlador e operador',
    body: (
      <>
        <P>
          A LGPD distingue quem decide sobre o tratamento de dados (o <Strong>controlador</Strong>) de quem trata os
          dados em nome dele (o <Strong>operador</Strong>), conforme o art. 5º, incisos VI e VII.
        </P>
        <List>
          <Item term="Dados da sua conta e do uso do site">
            o {PRODUCT_NAME} é o controlador e responde pelas decisões descritas nesta política.
          </Item>
          <Item term="Conversas do WhatsApp com os seus clientes">
            o negócio que conectou o número é o controlador, porque é ele quem decide atender seus clientes com o{' '}
            {PRODUCT_NAME} e quais informações a IA usa. Nesse caso o {PRODUCT_NAME} atua como operador: tratamos essas
            mensagens apenas para prestar o serviço contratado e seguindo as instruções do negócio (art. 39).
          </Item>
        </List>
        <P>
          Se você é cliente de um negócio que usa o {PRODUCT_NAME} e tem dúvidas sobre as suas conversas, procure
          primeiro esse negócio. Se nos procurar, encaminharemos o seu pedido a ele e ajudaremos no que couber a nós.
        </P>
      </>
    ),
  },
  {
    id: 'dados-coletados',
    title: 'Quais dados coletamos',
    body: (
      <>
        <List>
          <Item term="Dados da conta">
            nome completo, e-mail, telefone com código do país e senha. A senha nunca é guardada como você a digitou:
            armazenamos apenas um resumo criptográfico (hash) que não permite recuperá-la.
          </Item>
          <Item term="Informações do negócio e treinamento da IA">
            as respostas que você dá às perguntas de treinamento (sobre o seu negócio, clientes, produtos, processo de
            vendas, objeções e tom de voz), as instruções de atendimento (prompts de sistema) geradas a partir delas, o
            nome dos seus agentes e as configurações que você escolhe.
          </Item>
          <Item term="Mensagens do WhatsApp dos números conectados">
            o conteúdo das conversas (textos e mídias como imagens, áudios e documentos), o nome e o número de telefone
            dos contatos, datas, horários e a situação de cada mensagem, além da situação de conexão de cada número.
          </Item>
          <Item term="Dados de pagamento">
            os pagamentos de planos são processados pela Stripe. Os dados do cartão são informados diretamente à Stripe
            e não passam pelos nossos servidores nem ficam guardados conosco. Guardamos apenas o identificador de
            cliente na Stripe, o plano contratado e a situação da assinatura.
          </Item>
          <Item term="Dados técnicos e registros">
            endereço IP, data e hora de acesso, tipo de navegador e de dispositivo, além de registros de erros e de uso
            do serviço (como a quantidade de respostas geradas), usados para segurança, limites dos planos e correção de
            problemas.
          </Item>
          <Item term="Comunicações com a gente">
            o que você nos envia por e-mail ou pelo formulário de feedback do painel.
          </Item>
        </List>
        <H3>Cookies e armazenamento no navegador</H3>
        <P>
          Usamos <Strong>apenas um cookie de sessão</Strong>, essencial para manter você conectado à sua conta com
          segurança. Não usamos cookies de publicidade nem ferramentas de anúncios.
        </P>
        <P>
          Se você chegar ao site por um link de parceiro ou de campanha (por exemplo, com os parâmetros fpr, fp_ref ou
          utm no endereço), guardamos no seu navegador uma marcação simples de que a visita veio de uma indicação.
          Quando o nosso programa de indicação estiver ativo, o serviço que o administra pode gravar um cookie próprio
          para reconhecer a indicação e, depois que você entrar na conta, recebe o seu e-mail apenas para creditar o
          parceiro que indicou você.
        </P>
      </>
    ),
  },
  {
    id: 'finalidades',
    title: 'Para que usamos os dados',
    body: (
      <List>
        <Item>Criar e manter a sua conta, autenticar o seu acesso e permitir a recuperação de senha.</Item>
        <Item>
          Prestar o serviço: conectar o seu número de WhatsApp, gerar as instruções da sua IA a partir das suas
          respostas, receber as mensagens dos seus clientes, gerar e enviar as respostas automáticas e mostrar as
          conversas no seu painel.
        </Item>
        <Item>
          Controlar os limites do seu plano, processar cobranças e emitir os documentos fiscais exigidos por lei.
        </Item>
        <Item>Enviar mensagens sobre o serviço, como confirmações, avisos de segurança e mudanças importantes.</Item>
        <Item>Dar suporte e responder às suas solicitações e feedbacks.</Item>
        <Item>Manter a segurança da plataforma, prevenir fraudes e abusos, e corrigir erros.</Item>
        <Item>Entender, de forma agregada, como o serviço é usado para melhorá-lo.</Item>
        <Item>Creditar parceiros do programa de indicação, quando você chegar por uma indicação.</Item>
        <Item>Cumprir obrigações legais e regulatórias e exercer os nossos direitos em processos.</Item>
      </List>
    ),
  },
  {
    id: 'bases-legais',
    title: 'Bases legais (art. 7º)',
    body: (
      <>
        <P>Tratamos dados pessoais apenas quando há uma base legal prevista no art. 7º da LGPD:</P>
        <List>
          <Item term="Execução de contrato (inciso V)">
            para criar a sua conta e prestar o serviço que você contratou, inclusive no plano gratuito.
          </Item>
          <Item term="Cumprimento de obrigação legal ou regulatória (inciso II)">
            para guardar registros de acesso exigidos pelo Marco Civil da Internet e dados fiscais de cobrança.
          </Item>
          <Item term="Exercício regular de direitos (inciso VI)">
            para nos defender em processos judiciais, administrativos ou arbitrais.
          </Item>
          <Item term="Legítimo interesse (inciso IX)">
            para segurança, prevenção de fraudes, melhoria do serviço, comunicações sobre o serviço e o programa de
            indicação, sempre respeitando as suas expectativas e os seus direitos (art. 10).
          </Item>
          <Item term="Consentimento (inciso I)">
            quando pedirmos a sua autorização para algo específico, como comunicações de marketing. Você pode retirar
            esse consentimento a qualquer momento.
          </Item>
        </List>
        <P>
          Nas conversas do WhatsApp em que atuamos como operador, a base legal é definida pelo negócio que controla
          esses dados, normalmente a execução de contrato ou de procedimentos preliminares a pedido do próprio cliente
          que iniciou a conversa.
        </P>
      </>
    ),
  },
  {
    id: 'compartilhamento',
    title: 'Com quem compartilhamos',
    body: (
      <>
        <P>
          <Strong>Não vendemos dados pessoais.</Strong> Compartilhamos somente o necessário para o serviço funcionar,
          com fornecedores (suboperadores) contratados que tratam os dados em nosso nome e sob obrigações de
          confidencialidade e segurança:
        </P>
        <List>
          <Item term="Provedor de inteligência artificial">
            gera as respostas da IA e as instruções de atendimento. Recebe o texto das conversas e as informações de
            treinamento necessárias para cada resposta. Damos preferência a provedores e configurações que não usam os
            dados enviados para treinar os próprios modelos.
          </Item>
          <Item term="Gateway de WhatsApp">
            serviço de integração que conecta o seu número ao WhatsApp e transmite as mensagens recebidas e enviadas. As
            mensagens também passam pelo próprio WhatsApp, sujeitas aos termos e à política de privacidade dele.
          </Item>
          <Item term="Processador de pagamentos">a Stripe, que processa as cobranças dos planos pagos.</Item>
          <Item term="Serviço de e-mail">envia e-mails transacionais, como a recuperação de senha.</Item>
          <Item term="Hospedagem e infraestrutura">
            servidores, banco de dados, armazenamento de arquivos e cópias de segurança.
          </Item>
          <Item term="Programa de indicação">
            quando ativo, recebe o seu e-mail apenas se você chegou por uma indicação.
          </Item>
        </List>
        <P>
          Também podemos compartilhar dados com autoridades públicas quando a lei ou uma ordem judicial exigir, e com
          eventual sucessor em caso de fusão, aquisição ou reorganização da empresa, mantidas as proteções desta
          política.
        </P>
      </>
    ),
  },
  {
    id: 'transferencia-internacional',
    title: 'Transferência internacional de dados (art. 33)',
    body: (
      <P>
        Alguns dos nossos fornecedores, como os de inteligência artificial, pagamentos, e-mail e hospedagem, podem
        tratar dados em servidores fora do Brasil, por exemplo nos Estados Unidos. Essas transferências são feitas
        apenas nas hipóteses do art. 33 da LGPD, em especial com cláusulas-padrão contratuais aprovadas pela ANPD
        (Resolução CD/ANPD nº 19/2024) ou outras garantias do inciso II, e quando necessárias para executar o contrato
        com você (inciso IX), exigindo dos fornecedores um nível de proteção compatível com a lei brasileira.
      </P>
    ),
  },
  {
    id: 'retencao',
    title: 'Por quanto tempo guardamos',
    body: (
      <>
        <List>
          <Item term="Dados da conta e de treinamento">enquanto a sua conta estiver ativa.</Item>
          <Item term="Conversas do WhatsApp">
            enquanto a conta estiver ativa ou até que o negócio as exclua. Ao desconectar um número, as conversas já
            recebidas continuam disponíveis no painel até serem excluídas.
          </Item>
          <Item term="Registros de acesso">
            por 6 meses, como exige o art. 15 do Marco Civil da Internet (Lei nº 12.965/2014).
          </Item>
          <Item term="Dados de cobrança">pelo prazo exigido pela legislação fiscal, em geral 5 anos.</Item>
        </List>
        <P>
          Quando você exclui a sua conta, apagamos ou anonimizamos os seus dados em até 30 dias, e eles saem das cópias
          de segurança no ciclo seguinte de renovação delas, salvo o que precisarmos manter para cumprir obrigação legal
          ou exercer direitos, nos termos do art. 16.
        </P>
      </>
    ),
  },
  {
    id: 'seguranca',
    title: 'Como protegemos os dados',
    body: (
      <>
        <P>Adotamos medidas técnicas e administrativas para proteger os dados pessoais (art. 46), entre elas:</P>
        <List>
          <Item>
            conexões sempre criptografadas (HTTPS) entre o seu navegador, nossos servidores e os fornecedores;
          </Item>
          <Item>senhas guardadas apenas com hash forte e cookie de sessão protegido contra acesso por scripts;</Item>
          <Item>acesso interno aos dados restrito a quem precisa dele para prestar o serviço;</Item>
          <Item>
            limites de tentativas de acesso, registros de eventos de segurança e cópias de segurança periódicas.
          </Item>
        </List>
        <P>
          Nenhum sistema é totalmente imune a incidentes. Se ocorrer um incidente de segurança que possa causar risco ou
          dano relevante, avisaremos você e a Autoridade Nacional de Proteção de Dados (ANPD), como determina o art. 48.
        </P>
      </>
    ),
  },
  {
    id: 'direitos',
    title: 'Seus direitos (art. 18)',
    body: (
      <>
        <P>Como titular de dados pessoais, você pode pedir a qualquer momento:</P>
        <List ordered>
          <Item>a confirmação de que tratamos os seus dados;</Item>
          <Item>o acesso aos seus dados;</Item>
          <Item>a correção de dados incompletos, inexatos ou desatualizados;</Item>
          <Item>
            a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em desacordo com
            a LGPD;
          </Item>
          <Item>a portabilidade dos dados a outro fornecedor, nos termos da regulamentação da ANPD;</Item>
          <Item>a eliminação dos dados tratados com base no seu consentimento;</Item>
          <Item>a informação sobre as entidades com as quais compartilhamos os seus dados;</Item>
          <Item>a informação sobre a possibilidade de não dar consentimento e as consequências disso;</Item>
          <Item>a revogação do consentimento.</Item>
        </List>
        <P>
          Você também pode se opor a um tratamento feito com base em outra hipótese legal quando ele descumprir a LGPD
          (art. 18, § 2º), e pedir a revisão de decisões tomadas unicamente com base em tratamento automatizado que
          afetem os seus interesses (art. 20).
        </P>
      </>
    ),
  },
  {
    id: 'como-exercer',
    title: 'Como exercer seus direitos',
    body: (
      <>
        <P>
          Envie o seu pedido para <EmailLink />, de preferência a partir do e-mail cadastrado na sua conta. Para
          proteger você, podemos pedir informações que confirmem a sua identidade antes de atender o pedido.
        </P>
        <P>
          Respondemos de forma simplificada imediatamente ou, quando você pedir uma declaração completa, em até 15 dias
          (art. 19). O atendimento é gratuito. Parte dos dados também pode ser vista e corrigida diretamente no painel
          da sua conta.
        </P>
        <P>
          Se você é cliente de um negócio que usa o {PRODUCT_NAME}, os pedidos sobre as suas conversas devem ser feitos
          a esse negócio, que é o controlador. Se o pedido chegar até nós, vamos encaminhá-lo ao negócio e apoiá-lo na
          resposta.
        </P>
        <P>
          Se achar que os seus direitos não foram atendidos, você pode apresentar reclamação à ANPD pelo site{' '}
          <a
            href="https://www.gov.br/anpd"
            rel="noreferrer"
            target="_blank"
            className="font-medium break-words text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            gov.br/anpd
            <span className="sr-only"> (abre em nova aba)</span>
          </a>
          .
        </P>
      </>
    ),
  },
  {
    id: 'criancas',
    title: 'Crianças e adolescentes',
    body: (
      <P>
        O {PRODUCT_NAME} é um serviço para negócios e profissionais e não se destina a menores de 18 anos, que não podem
        criar conta. Se soubermos que uma conta foi criada por um menor, vamos encerrá-la e apagar os dados. Cabe aos
        negócios que usam o {PRODUCT_NAME} observar o art. 14 da LGPD quando conversarem com crianças ou adolescentes
        pelo WhatsApp, tratando os dados sempre no melhor interesse deles.
      </P>
    ),
  },
  {
    id: 'mudancas',
    title: 'Mudanças nesta política',
    body: (
      <P>
        Podemos atualizar esta política para refletir mudanças no serviço ou na lei. A data da última atualização fica
        no topo da página. Quando a mudança for relevante, avisaremos por e-mail ou no painel antes de ela entrar em
        vigor.
      </P>
    ),
  },
];
