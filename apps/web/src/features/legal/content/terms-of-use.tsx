import { PRODUCT_NAME } from '@vendai/contracts/brand';
import { EmailLink, H3, Item, List, P } from '../components/legal-typography';

/** 'Termos de Uso', shown on /privacy under the id 'termos-de-uso'. */
export function TermsOfUse() {
  return (
    <>
      <P>
        Estes termos regem o uso do {PRODUCT_NAME}. Ao criar uma conta ou usar o serviço, você declara que leu e
        concorda com eles e com a Política de Privacidade acima. Se não concordar, não use o serviço.
      </P>

      <H3>1. O serviço</H3>
      <P>
        O {PRODUCT_NAME} permite conectar um número de WhatsApp por QR code, treinar um assistente de inteligência
        artificial com informações do seu negócio e deixar que ele responda os seus clientes automaticamente, com a
        opção de ligar ou desligar a IA em cada conversa. Os recursos e limites de cada plano são os informados na
        página de planos.
      </P>

      <H3>2. Sua conta</H3>
      <List>
        <Item>Você precisa ter pelo menos 18 anos e informar dados verdadeiros e atualizados.</Item>
        <Item>A conta é pessoal: guarde a sua senha em segredo e nos avise se suspeitar de uso indevido.</Item>
        <Item>Você responde pelo que for feito com a sua conta e pelos números de WhatsApp que conectar a ela.</Item>
      </List>

      <H3>3. Planos, pagamentos e cancelamento</H3>
      <List>
        <Item>Você pode começar no plano gratuito, sem cartão de crédito, respeitando os limites dele.</Item>
        <Item>
          Planos pagos são cobrados de forma recorrente pela Stripe, no valor e na periodicidade mostrados no momento da
          contratação.
        </Item>
        <Item>
          Você pode cancelar quando quiser, pelo painel. O cancelamento vale a partir do fim do período já pago, sem
          novas cobranças.
        </Item>
        <Item>
          Na primeira contratação de um plano pago, você pode desistir em até 7 dias e receber o valor de volta, como
          garante o art. 49 do Código de Defesa do Consumidor.
        </Item>
      </List>

      <H3>4. Uso aceitável</H3>
      <P>Ao usar o {PRODUCT_NAME}, você se compromete a:</P>
      <List>
        <Item>
          não enviar spam, mensagens em massa não solicitadas nem conteúdo enganoso, ilegal, ofensivo ou
          discriminatório;
        </Item>
        <Item>respeitar os termos e as políticas do WhatsApp e da Meta;</Item>
        <Item>
          cumprir a LGPD como controlador dos dados dos seus clientes, inclusive informando a eles que podem ser
          atendidos por um assistente automatizado;
        </Item>
        <Item>
          não tentar burlar os limites do plano, acessar dados de outros usuários ou prejudicar o funcionamento do
          serviço.
        </Item>
      </List>

      <H3>5. Respostas geradas por inteligência artificial</H3>
      <P>
        As respostas são geradas automaticamente a partir das informações que você fornece e podem conter erros ou
        imprecisões. Mantenha o treinamento atualizado, acompanhe as conversas e assuma o atendimento sempre que
        necessário. Você é responsável pelas informações, preços e promessas comunicados em nome do seu negócio.
      </P>

      <H3>6. WhatsApp e serviços de terceiros</H3>
      <P>
        O {PRODUCT_NAME} não é afiliado, patrocinado nem endossado pelo WhatsApp ou pela Meta. O WhatsApp pode limitar,
        suspender ou banir números que descumpram as regras dele, e não temos controle sobre essas decisões. O serviço
        depende também de fornecedores como provedores de IA, de pagamento e de hospedagem.
      </P>

      <H3>7. Seu conteúdo</H3>
      <P>
        As informações do seu negócio, as instruções da sua IA e as conversas com os seus clientes continuam sendo suas.
        Você nos autoriza a tratá-las somente na medida necessária para prestar o serviço, conforme a Política de
        Privacidade.
      </P>

      <H3>8. Disponibilidade</H3>
      <P>
        Trabalhamos para manter o serviço disponível 24 horas por dia, mas podem ocorrer interrupções por manutenção,
        falhas de fornecedores ou motivos fora do nosso controle. Avisaremos com antecedência sobre manutenções
        programadas sempre que possível.
      </P>

      <H3>9. Responsabilidade</H3>
      <P>
        Na extensão permitida pela lei, o {PRODUCT_NAME} não responde por lucros cessantes, vendas não realizadas ou
        danos indiretos decorrentes do uso do serviço, nem por bloqueios aplicados pelo WhatsApp. Nada nestes termos
        afasta direitos que você tenha como consumidor.
      </P>

      <H3>10. Suspensão e encerramento</H3>
      <P>
        Você pode excluir a sua conta quando quiser. Podemos suspender ou encerrar contas que violem estes termos ou a
        lei, avisando você sempre que possível e permitindo, quando cabível, que exporte os seus dados.
      </P>

      <H3>11. Alterações destes termos</H3>
      <P>
        Podemos atualizar estes termos. Mudanças relevantes serão avisadas por e-mail ou no painel antes de entrarem em
        vigor. Se continuar usando o serviço depois disso, você concorda com a nova versão.
      </P>

      <H3>12. Lei aplicável e foro</H3>
      <P>
        Estes termos seguem as leis da República Federativa do Brasil. Quando você for consumidor, fica eleito o foro do
        seu domicílio.
      </P>

      <H3>13. Contato</H3>
      <P>
        Dúvidas sobre estes termos: <EmailLink /> ou pelo formulário de feedback no painel.
      </P>
    </>
  );
}
