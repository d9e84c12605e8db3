import { documentsOf } from './document';

export const de = documentsOf('de', {
  TOS: {
    title: 'Nutzungsvertrag',
    sections: [
      [
        '1. Geltungsbereich und Anbieter',
        'Diese Bedingungen regeln jede Nutzung der Website Velvet, ihrer Apps und ihrer Live-Dienste („Velvet“). Betreiberin ist die Velvet Media GmbH, Speicherallee 7, 20457 Hamburg (die „Anbieterin“; siehe Impressum). Sie gelten für Besucher wie für registrierte Gäste; die Allgemeinen Geschäftsbedingungen ergänzen die Regeln für Käufe, die Nutzungsbedingungen die Verhaltensregeln.',
        'Abweichende Bedingungen eines Gastes gelten nicht, auch wenn die Anbieterin ihnen nicht ausdrücklich widerspricht.',
      ],
      [
        '2. Nur für Erwachsene',
        'Velvet bietet erotische Inhalte für Erwachsene. Nutzen darf es nur, wer 18 Jahre alt ist oder das an seinem Wohnort höhere Volljährigkeitsalter erreicht hat. Inhalte, die nach dem Jugendschutzrecht beschränkt sind, werden erst nach einer erfolgreichen Altersverifikation gezeigt.',
        'Mit der Registrierung bestätigst du, volljährig zu sein und dass das Ansehen erotischer Inhalte an deinem Aufenthaltsort erlaubt ist. Konten Minderjähriger werden ohne Vorankündigung geschlossen.',
      ],
      [
        '3. Dein Konto',
        'Die Registrierung ist kostenlos. Du machst wahre Angaben, hältst dein Passwort geheim und meldest uns sofort, wenn du glaubst, dass jemand anderes dein Konto nutzt. Jede Person darf ein Konto haben; Konten dürfen weder übertragen noch verkauft werden.',
        'Du bist für alles verantwortlich, was mit deinem Konto geschieht, es sei denn, du weist nach, dass du den Missbrauch nicht verhindern konntest.',
      ],
      [
        '4. Was Velvet bietet',
        'Bei Velvet kannst du Live-Cams ansehen, mit Darstellerinnen per Text, Sprache und Video chatten, Videos und Fotoalben kaufen, Nachrichten und Geschenke senden und an Shows, Wettbewerben und Aktionen teilnehmen. Manche Funktionen sind kostenlos, andere werden mit Coins bezahlt oder setzen ein VIP- oder TV-Abo voraus; der Preis wird vor jedem Kauf angezeigt.',
        'Die Darstellerinnen sind unabhängige Erwachsene, die selbst entscheiden, wann sie online sind und was sie zeigen. Die Anbieterin schuldet nicht, dass eine bestimmte Darstellerin zu einer bestimmten Zeit verfügbar ist.',
        'Velvet ist, abgesehen von Wartungen, rund um die Uhr erreichbar. Kurze Unterbrechungen für Wartungen oder aus Gründen, die die Anbieterin nicht zu vertreten hat (etwa Netzstörungen), begründen keine Ansprüche.',
      ],
      [
        '5. Inhalte und Rechte',
        'Alle Inhalte auf Velvet sind urheberrechtlich geschützt. Ein Kauf gibt dir das persönliche, nicht übertragbare Recht, die Inhalte zu privaten Zwecken innerhalb von Velvet anzusehen. Mitschneiden, Herunterladen mit Werkzeugen, Kopieren, Veröffentlichen oder Weitergeben von Inhalten – insbesondere von Live-Chats – ist verboten und wird verfolgt.',
      ],
      [
        '6. Sperrung und Kündigung',
        'Du kannst dein Konto jederzeit in den Kontoeinstellungen oder per E-Mail an support@velvet.test schließen. Nicht verbrauchte Coins werden auf Wunsch nach Maßgabe der Allgemeinen Geschäftsbedingungen erstattet.',
        'Die Anbieterin kann den Vertrag mit einer Frist von zwei Wochen kündigen und ein Konto aus wichtigem Grund sofort sperren, insbesondere bei einem Verstoß gegen die Nutzungsbedingungen, bei Nutzung durch Minderjährige, Betrug oder unberechtigten Rückbuchungen.',
      ],
      [
        '7. Haftung',
        'Die Anbieterin haftet unbeschränkt bei Vorsatz und grober Fahrlässigkeit, bei Verletzung von Leben, Körper oder Gesundheit sowie nach dem Produkthaftungsgesetz. Bei leichter Fahrlässigkeit haftet sie nur für die Verletzung wesentlicher Vertragspflichten und nur bis zur Höhe des vertragstypischen, bei Vertragsschluss vorhersehbaren Schadens.',
      ],
      [
        '8. Änderungen und Schlussbestimmungen',
        'Die Anbieterin kann diese Bedingungen aus triftigem Grund ändern, etwa bei neuen Funktionen oder Gesetzesänderungen. Änderungen werden dir mindestens vier Wochen vor ihrem Inkrafttreten per E-Mail oder auf der Website mitgeteilt; widersprichst du nicht innerhalb dieser Frist, gelten die geänderten Bedingungen. Darauf weisen wir dich in der Mitteilung hin.',
        'Es gilt deutsches Recht unter Ausschluss des UN-Kaufrechts. Bist du Verbraucher, bleiben die zwingenden Verbraucherschutzvorschriften des Landes, in dem du lebst, unberührt.',
      ],
    ],
  },
  GTC: {
    title: 'Allgemeine Geschäftsbedingungen',
    sections: [
      [
        '1. Geltungsbereich',
        'Diese Allgemeinen Geschäftsbedingungen gelten für jeden Kauf bei Velvet zwischen der Velvet Media GmbH und dir: Coins, Videos, Fotoalben, Live-Chats, Show-Tickets, Messenger-Inhalte sowie VIP- und TV-Abos. Sie ergänzen den Nutzungsvertrag.',
      ],
      [
        '2. Coins',
        'Die meisten Inhalte werden mit Coins (VXC) bezahlt. Du kaufst Coins im Voraus in den auf der Website angezeigten Paketen; für 1 Euro erhältst du 4 Coins, sofern ein Angebot nichts anderes sagt. Coins sind kein gesetzliches Zahlungsmittel, werden nicht verzinst und können nicht auf andere Gäste übertragen werden.',
        'Coins werden gutgeschrieben, sobald der Zahlungsdienstleister die Zahlung bestätigt. Bonus-Coins aus Aktionen können wie gekaufte Coins verwendet, aber nicht erstattet werden.',
      ],
      [
        '3. Vertragsschluss und Preise',
        'Die Darstellung der Inhalte auf der Website ist eine Aufforderung zur Abgabe eines Angebots. Mit dem Klick auf eine Schaltfläche, die den Preis nennt (zum Beispiel „Für 150 VXC kaufen“), gibst du ein verbindliches Angebot ab, das die Anbieterin annimmt, indem sie dir den Zugang freischaltet. Alle Preise enthalten die gesetzliche Umsatzsteuer.',
        'Live-Chats werden minutengenau zum vor dem Start angezeigten Minutenpreis der Darstellerin abgerechnet. Die Coins für die laufende Minute werden zu deren Beginn vorgemerkt; die letzte Minute wird sekundengenau abgerechnet. Reichen deine Coins nicht mehr, endet der Chat.',
      ],
      [
        '4. Zahlung',
        'Coins und Abos bezahlst du über die beim Bezahlvorgang angebotenen Zahlungsdienstleister (Kreditkarte, Lastschrift, Sofortüberweisung). Wenn du zustimmst, wird deine Zahlungsart für Aufladungen mit einem Klick gespeichert; du kannst sie jederzeit entfernen. Eine Rückbuchung ohne berechtigten Grund sperrt das Konto, bis der Betrag und die verursachten Gebühren ausgeglichen sind.',
      ],
      [
        '5. Abonnements',
        'VIP- und TV-Abos laufen für den gebuchten Zeitraum und verlängern sich automatisch um denselben Zeitraum, wenn du nicht vor Ende des laufenden Zeitraums kündigst. Du kannst in den Kontoeinstellungen mit einem Klick kündigen. Die Leistungen eines Abos sind auf seiner Angebotsseite beschrieben.',
      ],
      [
        '6. Widerrufsrecht',
        'Als Verbraucher kannst du einen online geschlossenen Vertrag binnen 14 Tagen ohne Angabe von Gründen widerrufen. Die Widerrufsfrist beginnt am Tag des Vertragsschlusses. Um zu widerrufen, sende uns eine eindeutige Erklärung, zum Beispiel eine E-Mail an support@velvet.test.',
        'Bei digitalen Inhalten, die nicht auf einem körperlichen Datenträger geliefert werden (für Videos, Fotos, Live-Chats und Nachrichten verbrauchte Coins), erlischt dein Widerrufsrecht, sobald wir mit der Ausführung begonnen haben, nachdem du ausdrücklich zugestimmt und bestätigt hast, dass du dadurch dein Widerrufsrecht verlierst. Für noch nicht verbrauchte Coins bleibt das Widerrufsrecht bestehen.',
        'Widerrufst du, erstatten wir alle Zahlungen, die wir von dir erhalten haben, unverzüglich und spätestens binnen 14 Tagen über dasselbe Zahlungsmittel, das du verwendet hast.',
      ],
      [
        '7. Erstattung nicht verbrauchter Coins',
        'Schließt du dein Konto, werden gekaufte und nicht verbrauchte Coins auf Wunsch zu dem Preis erstattet, den du dafür bezahlt hast, abzüglich der Zahlungsgebühren, die der Anbieterin berechnet wurden. Coins, die am Ende des Kaufjahres älter als drei Jahre sind, verfallen entsprechend der gesetzlichen Verjährung.',
      ],
      [
        '8. Gewährleistung und Beschwerden',
        'Es gelten die gesetzlichen Gewährleistungsrechte. Lässt sich ein Inhalt nicht abspielen oder wurde ein Chat durch eine technische Störung auf unserer Seite unterbrochen, wende dich binnen 14 Tagen an den Support; wir schreiben die betroffenen Coins gut oder liefern den Inhalt erneut.',
        'Die Anbieterin ist nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.',
      ],
    ],
  },
  TOU: {
    title: 'Nutzungsbedingungen',
    sections: [
      [
        '1. Respekt',
        'Velvet lebt vom freundlichen Umgang zwischen Gästen und Darstellerinnen. Begegne allen mit Respekt. Beleidigungen, Drohungen, Diskriminierung, Nachstellen und Druck auf Darstellerinnen, etwas zu tun, das sie abgelehnt haben, sind nicht erlaubt.',
      ],
      [
        '2. Verbotene Inhalte und Verhaltensweisen',
        'Du darfst keine Inhalte senden oder verlangen, die Minderjährige oder minderjährig wirkende Personen, Gewalt, Handlungen ohne Einvernehmen, Tiere, Rauschzustände oder Straftaten betreffen. Verboten ist auch, eine Darstellerin um ein persönliches Treffen, private Kontaktdaten oder Zahlungen außerhalb von Velvet zu bitten.',
        'Werbung, Spam, Kettenbriefe, Links zu anderen Websites und Versuche, eigene Dienste zu verkaufen, sind in Chats, Kommentaren und Nachrichten nicht erlaubt.',
      ],
      [
        '3. Mitschnitte und technischer Missbrauch',
        'Live-Chats, Shows, Videos und Bilder dürfen nicht mit Bildschirmrekordern, Bots oder anderen Werkzeugen aufgezeichnet, abgegriffen oder gespeichert werden. Automatisierte Zugriffe (Skripte, Scraper), das Umgehen technischer Schutzmaßnahmen, Sicherheitstests ohne Erlaubnis und das Überlasten der Plattform sind verboten.',
      ],
      [
        '4. Namen, Bilder und Kommentare',
        'Dein Nutzername und dein Avatar dürfen keine Rechte Dritter verletzen, keine Kontaktdaten enthalten und nicht anstößig sein. Kommentare und Nachrichten müssen von dir stammen und dürfen keine personenbezogenen Daten anderer enthalten. Die Anbieterin kann Inhalte entfernen, die gegen diese Regeln verstoßen.',
      ],
      [
        '5. Meldungen und Folgen',
        'Über das Hilfe-Center kannst du einen Gast, eine Darstellerin oder einen Inhalt melden. Meldungen werden zügig, vertraulich und ohne Ansehen der meldenden Person geprüft.',
        'Je nach Schwere führt ein Verstoß zu einer Verwarnung, zur Entfernung von Inhalten, zur vorübergehenden Sperre von Chatfunktionen oder zur Schließung des Kontos. Straftaten werden den Behörden angezeigt. Coins, die für regelwidrig genutzte Inhalte ausgegeben wurden, werden nicht erstattet.',
      ],
    ],
  },
  PP: {
    title: 'Datenschutzerklärung',
    sections: [
      [
        '1. Verantwortliche und Datenschutzbeauftragter',
        'Verantwortlich für die Verarbeitung deiner personenbezogenen Daten bei Velvet ist die Velvet Media GmbH, Speicherallee 7, 20457 Hamburg, support@velvet.test. Unseren Datenschutzbeauftragten erreichst du unter privacy@velvet.test oder per Post unter derselben Anschrift mit dem Zusatz „Datenschutzbeauftragter“.',
      ],
      [
        '2. Welche Daten wir verarbeiten',
        'Beim Besuch der Website: deine IP-Adresse, Browser- und Gerätetyp, die aufgerufenen Seiten und die Uhrzeit, die unsere Server brauchen, um die Website auszuliefern und sicher zu halten. Sie werden nach 14 Tagen gelöscht.',
        'Bei Registrierung und Nutzung deines Kontos: E-Mail-Adresse, Nutzername, Passwort (nur als Hash gespeichert), Sprache, Favoriten, Nachrichten, Käufe, Coin-Guthaben und, wenn du sie durchführst, das Ergebnis der Altersverifikation (nicht die Dokumente selbst).',
        'Bei Zahlungen: Betrag, Zeitpunkt, Zahlungsart und die Referenz des Zahlungsdienstleisters. Kartennummern verarbeitet allein der Zahlungsdienstleister; wir speichern sie nie.',
      ],
      [
        '3. Zwecke und Rechtsgrundlagen',
        'Wir verarbeiten deine Daten, um die Dienste zu erbringen, die du nutzt (Art. 6 Abs. 1 lit. b DSGVO), um gesetzliche Pflichten wie Jugendschutz sowie steuer- und handelsrechtliche Aufbewahrung zu erfüllen (Art. 6 Abs. 1 lit. c DSGVO) und aufgrund unseres berechtigten Interesses an einer sicheren, betrugsfreien Plattform (Art. 6 Abs. 1 lit. f DSGVO).',
        'Newsletter, Push-Benachrichtigungen und optionale Analysen nutzen wir nur mit deiner Einwilligung (Art. 6 Abs. 1 lit. a DSGVO), die du jederzeit mit Wirkung für die Zukunft widerrufen kannst.',
      ],
      [
        '4. Cookies, lokaler Speicher und Push-Benachrichtigungen',
        'Notwendige Cookies und lokaler Speicher halten dich angemeldet, merken sich deine Sprache und schützen Formulare. Funktionale Speicherung (etwa deine letzten Suchen) und Analysen nutzen wir nur, wenn du sie in den Cookie-Einstellungen erlaubst.',
        'Erlaubst du Push-Benachrichtigungen, gibt uns dein Browser eine Adresse seines Push-Dienstes und Schlüssel; wir nutzen sie nur, um die Benachrichtigungen zu senden, die du eingeschaltet hast (Favoriten online, Aktionen, Neuigkeiten). Die Nachrichten sind Ende-zu-Ende verschlüsselt, der Push-Dienst kann sie nicht lesen. Du kannst sie jederzeit in deinem Konto oder im Browser abschalten; dann löschen wir das Abonnement.',
      ],
      [
        '5. Empfänger',
        'Wir geben Daten nur weiter, wo es nötig ist: an Zahlungsdienstleister für Zahlungen, an den Dienst für die Altersverifikation für die Prüfung, an weisungsgebundene Hosting- und E-Mail-Dienstleister (Art. 28 DSGVO) und an Behörden, wenn das Gesetz uns verpflichtet. Darstellerinnen sehen deinen Nutzernamen und was du ihnen schreibst, nie deine E-Mail-Adresse oder Zahlungsdaten.',
        'Unsere Server stehen in der Europäischen Union. Verarbeitet ein Dienstleister Daten außerhalb der EU, sichern wir ein angemessenes Schutzniveau, insbesondere durch die EU-Standardvertragsklauseln.',
      ],
      [
        '6. Speicherdauer',
        'Kontodaten speichern wir, solange dein Konto besteht. Nach der Schließung löschen wir deine Daten binnen 30 Tagen, soweit das Gesetz keine längere Aufbewahrung verlangt: Buchungsbelege zehn Jahre, sonstige Geschäftsbriefe sechs Jahre, Nachweise der Altersverifikation so lange, wie das Jugendschutzrecht es verlangt.',
      ],
      [
        '7. Deine Rechte',
        'Du hast das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung und Datenübertragbarkeit sowie das Recht, einer auf berechtigte Interessen gestützten Verarbeitung zu widersprechen. Schreib an privacy@velvet.test; wir antworten binnen eines Monats.',
        'Du kannst dich außerdem bei einer Aufsichtsbehörde beschweren, zum Beispiel beim Hamburgischen Beauftragten für Datenschutz und Informationsfreiheit, Ludwig-Erhard-Straße 22, 20459 Hamburg.',
      ],
    ],
  },
  IMP: {
    title: 'Impressum',
    sections: [
      [
        'Anbieterin',
        'Velvet Media GmbH',
        'Speicherallee 7, 20457 Hamburg, Deutschland',
        'Geschäftsführung: Lena Marquardt, Jonas Weidler',
      ],
      ['Kontakt', 'E-Mail: support@velvet.test', 'Telefon: +49 40 6094 8210 (Montag bis Freitag, 10 bis 18 Uhr)'],
      [
        'Register und Umsatzsteuer',
        'Handelsregister: Amtsgericht Hamburg, HRB 187452',
        'Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: DE318845226',
      ],
      [
        'Jugendschutzbeauftragte',
        'Dr. Katrin Albers, jugendschutz@velvet.test. Wende dich an sie, wenn dir auf Velvet Inhalte begegnen, die Minderjährigen schaden könnten.',
      ],
      [
        'Verantwortlich für redaktionelle Inhalte',
        'Lena Marquardt, Anschrift wie oben (§ 18 Abs. 2 Medienstaatsvertrag).',
      ],
      [
        'Verbraucherstreitbeilegung',
        'Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.',
      ],
    ],
  },
});
