import { documentsOf } from './document';

export const es = documentsOf('es', {
  TOS: {
    title: 'Términos del servicio',
    sections: [
      [
        '1. Ámbito y prestador',
        'Estos términos rigen todo uso del sitio web Velvet, sus aplicaciones y sus servicios en directo («Velvet»). Velvet lo explota Velvet Media GmbH, Speicherallee 7, 20457 Hamburgo, Alemania (el «prestador»; véase el aviso legal). Se aplican tanto a visitantes como a clientes registrados; las condiciones generales añaden las reglas de las compras y las condiciones de uso, las normas de conducta.',
        'Las condiciones de un cliente que se aparten de estas no se aplican, aunque el prestador no se oponga a ellas de forma expresa.',
      ],
      [
        '2. Solo para adultos',
        'Velvet ofrece contenido erótico para adultos. Solo pueden usarlo las personas que hayan cumplido 18 años o la mayoría de edad superior que rija donde vivan. El contenido restringido por la ley alemana de protección de menores solo se muestra tras una verificación de edad superada.',
        'Al registrarte confirmas que eres mayor de edad y que ver contenido erótico es legal donde te encuentras. Las cuentas de menores se cierran sin previo aviso.',
      ],
      [
        '3. Tu cuenta',
        'El registro es gratuito. Facilitas datos veraces, mantienes en secreto tu contraseña y nos avisas enseguida si crees que otra persona usa tu cuenta. Cada persona puede tener una cuenta; las cuentas no pueden cederse ni venderse.',
        'Eres responsable de todo lo que se haga con tu cuenta, salvo que demuestres que no pudiste evitar el uso indebido.',
      ],
      [
        '4. Lo que ofrece Velvet',
        'En Velvet puedes ver cámaras en directo, chatear con las modelos por texto, voz y vídeo, comprar vídeos y álbumes de fotos, enviar mensajes y regalos y participar en shows, concursos y promociones. Algunas funciones son gratuitas; otras se pagan con monedas o requieren una suscripción VIP o de TV. El precio se muestra siempre antes de comprar.',
        'Las modelos son adultas independientes que deciden por sí mismas cuándo están conectadas y qué muestran. El prestador no garantiza que una modelo concreta esté disponible en un momento concreto.',
        'Velvet está disponible a todas horas, salvo mantenimiento. Las interrupciones breves por mantenimiento o por causas ajenas al prestador (por ejemplo, fallos de red) no dan derecho a reclamaciones.',
      ],
      [
        '5. Contenido y derechos',
        'Todo el contenido de Velvet está protegido por derechos de autor. Una compra te da el derecho personal e intransferible de ver el contenido con fines privados dentro de Velvet. Grabar, descargar con herramientas, copiar, publicar o difundir contenido —en especial los chats en directo— está prohibido y se perseguirá.',
      ],
      [
        '6. Bloqueo y resolución',
        'Puedes cerrar tu cuenta en cualquier momento en los ajustes de tu cuenta o escribiendo a support@velvet.test. Las monedas no gastadas se reembolsan a petición según lo previsto en las condiciones generales.',
        'El prestador puede resolver el contrato con un preaviso de dos semanas y bloquear una cuenta de inmediato por causa grave, en particular por infringir las condiciones de uso, por el uso de un menor, por fraude o por retrocesiones de pago injustificadas.',
      ],
      [
        '7. Responsabilidad',
        'El prestador responde sin límite en caso de dolo y negligencia grave, de daños a la vida, la integridad física o la salud y conforme a la ley de responsabilidad por productos. En caso de negligencia leve solo responde por el incumplimiento de obligaciones contractuales esenciales y hasta el daño típico del contrato y previsible al celebrarlo.',
      ],
      [
        '8. Cambios y disposiciones finales',
        'El prestador puede modificar estos términos por motivos justificados, como nuevas funciones o cambios legales. Te informaremos de los cambios por correo electrónico o en el sitio al menos cuatro semanas antes de su entrada en vigor; si no te opones en ese plazo, se aplicarán los términos modificados. Te lo indicaremos en el aviso.',
        'Se aplica el derecho alemán, con exclusión de la Convención de las Naciones Unidas sobre la compraventa internacional de mercaderías. Si eres consumidor, las normas imperativas de protección del consumidor de tu país de residencia no se ven afectadas.',
      ],
    ],
  },
  GTC: {
    title: 'Condiciones generales de contratación',
    sections: [
      [
        '1. Ámbito',
        'Estas condiciones generales se aplican a toda compra en Velvet entre Velvet Media GmbH y tú: monedas, vídeos, álbumes de fotos, chats en directo, entradas para shows, contenido del messenger y suscripciones VIP o de TV. Completan los términos del servicio.',
      ],
      [
        '2. Monedas',
        'La mayor parte del contenido se paga con monedas (VXC). Compras las monedas por adelantado en los paquetes que muestra el sitio; 1 euro equivale a 4 monedas, salvo que una oferta diga otra cosa. Las monedas no son moneda de curso legal, no generan intereses y no pueden transferirse a otros clientes.',
        'Las monedas se abonan en cuanto el proveedor de pagos confirma el pago. Las monedas de bonificación de las promociones se usan como las compradas, pero no se reembolsan.',
      ],
      [
        '3. Celebración del contrato y precios',
        'La presentación del contenido en el sitio es una invitación a hacer una oferta. Al pulsar un botón que indica el precio (por ejemplo, «Comprar por 150 VXC») haces una oferta vinculante, que el prestador acepta al darte acceso. Todos los precios incluyen el IVA legal.',
        'Los chats en directo se facturan por minuto al precio por minuto de la modelo que se muestra antes de empezar. Las monedas del minuto en curso se reservan al comienzo de cada minuto; el último minuto se factura por segundos. Si se te acaban las monedas, el chat termina.',
      ],
      [
        '4. Pago',
        'Las monedas y las suscripciones se pagan a través de los proveedores de pago ofrecidos al pagar (tarjeta de crédito, domiciliación, transferencia inmediata). Si lo aceptas, tu medio de pago se guarda para recargas con un clic; puedes eliminarlo en cualquier momento. Una retrocesión sin motivo justificado bloquea la cuenta hasta que se salden el importe y los gastos ocasionados.',
      ],
      [
        '5. Suscripciones',
        'Las suscripciones VIP y de TV duran el periodo contratado y se renuevan automáticamente por el mismo periodo salvo que canceles antes de que termine el periodo en curso. Puedes cancelar con un clic en los ajustes de tu cuenta. Las ventajas de cada suscripción se describen en su página de oferta.',
      ],
      [
        '6. Derecho de desistimiento',
        'Como consumidor puedes desistir de un contrato celebrado en línea en un plazo de 14 días sin indicar el motivo. El plazo empieza el día de la celebración del contrato. Para desistir, envíanos una declaración inequívoca, por ejemplo un correo a support@velvet.test.',
        'En el contenido digital que no se suministra en un soporte material (monedas gastadas en vídeos, fotos, chats en directo y mensajes) el derecho de desistimiento se extingue en cuanto empezamos a ejecutar el contrato con tu consentimiento expreso y tu confirmación de que sabes que así pierdes ese derecho. Para las monedas aún no gastadas, el derecho de desistimiento se mantiene.',
        'Si desistes, te devolvemos todos los pagos recibidos sin demora y a más tardar en 14 días, con el mismo medio de pago que utilizaste.',
      ],
      [
        '7. Reembolso de monedas no gastadas',
        'Si cierras tu cuenta, las monedas compradas y no gastadas se reembolsan a petición al precio que pagaste por ellas, menos las comisiones de pago cobradas al prestador. Las monedas con más de tres años al final del año de compra caducan conforme al plazo legal de prescripción.',
      ],
      [
        '8. Garantía y reclamaciones',
        'Se aplican los derechos legales de garantía. Si un contenido no se reproduce o un chat se interrumpió por un fallo técnico de nuestra parte, contacta con el soporte en un plazo de 14 días; abonaremos las monedas afectadas o volveremos a suministrar el contenido.',
        'El prestador no está dispuesto ni obligado a participar en procedimientos de resolución de litigios ante una junta arbitral de consumo.',
      ],
    ],
  },
  TOU: {
    title: 'Condiciones de uso',
    sections: [
      [
        '1. Respeto',
        'Velvet vive del trato amable entre clientes y modelos. Trata a todos con respeto. No se permiten insultos, amenazas, discriminación, acoso ni presionar a las modelos para que hagan algo que han rechazado.',
      ],
      [
        '2. Contenido y conductas prohibidos',
        'No puedes enviar ni pedir contenido que implique a menores o a personas que lo parezcan, violencia, actos no consentidos, animales, estados de embriaguez o actos ilícitos. Está prohibido pedir a una modelo un encuentro en persona, datos de contacto privados o pagos fuera de Velvet.',
        'No se permiten publicidad, spam, cadenas, enlaces a otros sitios ni intentos de vender servicios propios en chats, comentarios o mensajes.',
      ],
      [
        '3. Grabaciones y abuso técnico',
        'Los chats en directo, los shows, los vídeos y las imágenes no pueden grabarse, capturarse ni guardarse con grabadores de pantalla, bots u otras herramientas. Están prohibidos el acceso automatizado (scripts, scrapers), eludir las protecciones técnicas, probar la seguridad de la plataforma sin permiso y sobrecargarla.',
      ],
      [
        '4. Nombres, imágenes y comentarios',
        'Tu nombre de usuario y tu avatar no pueden vulnerar derechos de terceros, contener datos de contacto ni ser ofensivos. Los comentarios y mensajes deben ser tuyos y no pueden contener datos personales de otras personas. El prestador puede retirar el contenido que incumpla estas normas.',
      ],
      [
        '5. Denuncias y consecuencias',
        'Puedes denunciar a un cliente, a una modelo o un contenido a través del centro de ayuda. Las denuncias se revisan con rapidez, de forma confidencial y sin tener en cuenta quién denuncia.',
        'Según su gravedad, una infracción supone una advertencia, la retirada de contenido, el bloqueo temporal de las funciones de chat o el cierre de la cuenta. Los delitos se ponen en conocimiento de las autoridades. Las monedas gastadas en contenido usado en contra de estas normas no se reembolsan.',
      ],
    ],
  },
  PP: {
    title: 'Protección de datos',
    sections: [
      [
        '1. Responsable y delegado de protección de datos',
        'El responsable del tratamiento de tus datos personales en Velvet es Velvet Media GmbH, Speicherallee 7, 20457 Hamburgo, Alemania, support@velvet.test. Puedes contactar con nuestro delegado de protección de datos en privacy@velvet.test o por correo postal en la misma dirección, indicando «Delegado de protección de datos».',
      ],
      [
        '2. Qué datos tratamos',
        'Al visitar el sitio: tu dirección IP, el tipo de navegador y de dispositivo, las páginas solicitadas y la hora, que nuestros servidores necesitan para servir el sitio y mantenerlo seguro. Se borran a los 14 días.',
        'Al registrarte y usar tu cuenta: dirección de correo electrónico, nombre de usuario, contraseña (guardada solo como hash), idioma, favoritas, mensajes, compras, saldo de monedas y, si la realizas, el resultado de la verificación de edad (no los documentos).',
        'Al pagar: importe, momento, medio de pago y la referencia del proveedor de pagos. Los números de tarjeta solo los trata el proveedor de pagos; nosotros nunca los guardamos.',
      ],
      [
        '3. Finalidades y bases jurídicas',
        'Tratamos tus datos para prestar los servicios que usas (art. 6.1.b RGPD), para cumplir obligaciones legales como la protección de menores y la conservación fiscal y mercantil (art. 6.1.c RGPD) y por nuestro interés legítimo en una plataforma segura y sin fraude (art. 6.1.f RGPD).',
        'Los boletines, las notificaciones push y los análisis opcionales solo se usan con tu consentimiento (art. 6.1.a RGPD), que puedes retirar en cualquier momento con efectos para el futuro.',
      ],
      [
        '4. Cookies, almacenamiento local y notificaciones push',
        'Las cookies y el almacenamiento local necesarios mantienen tu sesión, recuerdan tu idioma y protegen los formularios. El almacenamiento funcional (por ejemplo, tus búsquedas recientes) y los análisis solo se usan si los permites en los ajustes de cookies.',
        'Si permites las notificaciones push, tu navegador nos da una dirección de su servicio push y unas claves; solo las usamos para enviar las notificaciones que hayas activado (favoritas en línea, campañas, novedades). Los mensajes van cifrados de extremo a extremo, así que el servicio push no puede leerlos. Puedes desactivarlas en cualquier momento en tu cuenta o en el navegador, y entonces borramos la suscripción.',
      ],
      [
        '5. Destinatarios',
        'Solo comunicamos datos cuando es necesario: a los proveedores de pago para los pagos, al servicio de verificación de edad para la comprobación, a proveedores de alojamiento y correo electrónico sujetos a nuestras instrucciones (art. 28 RGPD) y a las autoridades cuando la ley nos obliga. Las modelos ven tu nombre de usuario y lo que les escribes, nunca tu correo electrónico ni tus datos de pago.',
        'Nuestros servidores están en la Unión Europea. Si un proveedor trata datos fuera de la UE, garantizamos un nivel de protección adecuado, en particular mediante las cláusulas contractuales tipo de la UE.',
      ],
      [
        '6. Plazo de conservación',
        'Conservamos los datos de la cuenta mientras exista. Tras su cierre, borramos tus datos en un plazo de 30 días salvo que la ley exija conservarlos más tiempo: los justificantes contables diez años, otra correspondencia comercial seis años y la prueba de la verificación de edad el tiempo que exija la ley de protección de menores.',
      ],
      [
        '7. Tus derechos',
        'Tienes derecho de acceso, rectificación, supresión, limitación del tratamiento y portabilidad de los datos, y derecho a oponerte al tratamiento basado en intereses legítimos. Escribe a privacy@velvet.test; respondemos en el plazo de un mes.',
        'También puedes presentar una reclamación ante una autoridad de control, por ejemplo la Agencia Española de Protección de Datos o el Comisionado de Hamburgo para la Protección de Datos y la Libertad de Información, Ludwig-Erhard-Straße 22, 20459 Hamburgo.',
      ],
    ],
  },
  IMP: {
    title: 'Aviso legal',
    sections: [
      [
        'Prestador',
        'Velvet Media GmbH',
        'Speicherallee 7, 20457 Hamburgo, Alemania',
        'Administradores: Lena Marquardt, Jonas Weidler',
      ],
      [
        'Contacto',
        'Correo electrónico: support@velvet.test',
        'Teléfono: +49 40 6094 8210 (de lunes a viernes, de 10:00 a 18:00)',
      ],
      [
        'Registro e IVA',
        'Registro mercantil: Juzgado de Primera Instancia de Hamburgo (Amtsgericht Hamburg), HRB 187452',
        'Número de identificación a efectos del IVA según el § 27a de la ley alemana del IVA: DE318845226',
      ],
      [
        'Responsable de protección de menores',
        'Dra. Katrin Albers, youth-protection@velvet.test. Contacta con ella si encuentras en Velvet contenido que pueda perjudicar a menores.',
      ],
      [
        'Responsable del contenido editorial',
        'Lena Marquardt, dirección como arriba (§ 18.2 del Tratado Interestatal de Medios alemán).',
      ],
      [
        'Resolución de litigios de consumo',
        'No estamos dispuestos ni obligados a participar en procedimientos de resolución de litigios ante una junta arbitral de consumo.',
      ],
    ],
  },
});
