import { documentsOf } from './document';

export const nl = documentsOf('nl', {
  TOS: {
    title: 'Servicevoorwaarden',
    sections: [
      [
        '1. Toepassing en aanbieder',
        'Deze voorwaarden gelden voor elk gebruik van de website Velvet, de apps en de livediensten ("Velvet"). Velvet wordt geëxploiteerd door Velvet Media GmbH, Speicherallee 7, 20457 Hamburg, Duitsland (de "aanbieder"; zie het colofon). Ze gelden voor bezoekers en geregistreerde gasten; de algemene voorwaarden voegen de regels voor aankopen toe en de gebruiksvoorwaarden de gedragsregels.',
        'Afwijkende voorwaarden van een gast gelden niet, ook niet als de aanbieder er niet uitdrukkelijk bezwaar tegen maakt.',
      ],
      [
        '2. Alleen voor volwassenen',
        'Velvet biedt erotische inhoud voor volwassenen. Alleen wie 18 jaar is, of de hogere meerderjarigheidsleeftijd van zijn woonplaats heeft bereikt, mag het gebruiken. Inhoud die door het Duitse jeugdbeschermingsrecht is beperkt, wordt pas na een geslaagde leeftijdscontrole getoond.',
        'Door je te registreren bevestig je dat je meerderjarig bent en dat het bekijken van erotische inhoud waar je bent is toegestaan. Accounts van minderjarigen worden zonder aankondiging gesloten.',
      ],
      [
        '3. Je account',
        'Registreren is gratis. Je geeft juiste gegevens op, houdt je wachtwoord geheim en meldt het ons meteen als je denkt dat iemand anders je account gebruikt. Iedere persoon mag één account hebben; accounts mogen niet worden overgedragen of verkocht.',
        'Je bent verantwoordelijk voor alles wat met je account gebeurt, tenzij je aantoont dat je het misbruik niet kon voorkomen.',
      ],
      [
        '4. Wat Velvet biedt',
        "Op Velvet kun je livecams bekijken, met performers chatten via tekst, spraak en video, video's en fotoalbums kopen, berichten en cadeaus sturen en meedoen aan shows, wedstrijden en acties. Sommige functies zijn gratis, andere worden betaald met coins of vereisen een VIP- of tv-abonnement; de prijs wordt altijd vóór de aankoop getoond.",
        'Performers zijn zelfstandige volwassenen die zelf bepalen wanneer ze online zijn en wat ze laten zien. De aanbieder garandeert niet dat een bepaalde performer op een bepaald moment beschikbaar is.',
        'Velvet is, afgezien van onderhoud, dag en nacht bereikbaar. Korte onderbrekingen voor onderhoud of door oorzaken buiten de macht van de aanbieder (bijvoorbeeld netwerkstoringen) geven geen recht op vergoeding.',
      ],
      [
        '5. Inhoud en rechten',
        'Alle inhoud op Velvet is auteursrechtelijk beschermd. Een aankoop geeft je het persoonlijke, niet-overdraagbare recht om de inhoud voor privédoeleinden binnen Velvet te bekijken. Opnemen, met hulpmiddelen downloaden, kopiëren, publiceren of doorgeven van inhoud – vooral van livechats – is verboden en wordt vervolgd.',
      ],
      [
        '6. Blokkering en beëindiging',
        'Je kunt je account op elk moment sluiten in je accountinstellingen of door te mailen naar support@velvet.test. Niet-gebruikte coins worden op verzoek terugbetaald volgens de algemene voorwaarden.',
        'De aanbieder kan de overeenkomst opzeggen met een termijn van twee weken en een account om gewichtige redenen direct blokkeren, met name bij overtreding van de gebruiksvoorwaarden, gebruik door een minderjarige, fraude of ongegronde terugboekingen.',
      ],
      [
        '7. Aansprakelijkheid',
        'De aanbieder is onbeperkt aansprakelijk bij opzet en grove nalatigheid, bij letsel aan leven, lichaam of gezondheid en op grond van de productaansprakelijkheid. Bij lichte nalatigheid is zij alleen aansprakelijk voor schending van wezenlijke contractuele verplichtingen en slechts tot de schade die voor de overeenkomst typisch en bij het sluiten ervan voorzienbaar was.',
      ],
      [
        '8. Wijzigingen en slotbepalingen',
        'De aanbieder kan deze voorwaarden om geldige redenen wijzigen, zoals nieuwe functies of wetswijzigingen. Wijzigingen worden je ten minste vier weken voordat ze ingaan per e-mail of op de website meegedeeld; maak je binnen die termijn geen bezwaar, dan gelden de gewijzigde voorwaarden. Daar wijzen we je in de mededeling op.',
        'Duits recht is van toepassing, met uitsluiting van het Weens Koopverdrag. Ben je consument, dan blijven de dwingende consumentenbeschermingsregels van je woonland onverlet.',
      ],
    ],
  },
  GTC: {
    title: 'Algemene voorwaarden',
    sections: [
      [
        '1. Toepassing',
        "Deze algemene voorwaarden gelden voor elke aankoop op Velvet tussen Velvet Media GmbH en jou: coins, video's, fotoalbums, livechats, showtickets, messengerinhoud en VIP- of tv-abonnementen. Ze vullen de servicevoorwaarden aan.",
      ],
      [
        '2. Coins',
        'De meeste inhoud wordt betaald met coins (VXC). Je koopt coins vooraf in de pakketten die op de website staan; voor 1 euro krijg je 4 coins, tenzij een aanbieding iets anders zegt. Coins zijn geen wettig betaalmiddel, leveren geen rente op en kunnen niet aan andere gasten worden overgedragen.',
        'Coins worden bijgeschreven zodra de betaaldienst de betaling bevestigt. Bonuscoins uit acties kun je gebruiken als gekochte coins, maar ze worden niet terugbetaald.',
      ],
      [
        '3. Totstandkoming en prijzen',
        'De weergave van inhoud op de website is een uitnodiging om een aanbod te doen. Door op een knop met de prijs te klikken (bijvoorbeeld "Kopen voor 150 VXC") doe je een bindend aanbod, dat de aanbieder aanvaardt door je toegang te geven. Alle prijzen zijn inclusief btw.',
        'Livechats worden per minuut afgerekend tegen de minuutprijs van de performer die vóór de start wordt getoond. De coins voor de lopende minuut worden aan het begin van elke minuut gereserveerd; de laatste minuut wordt per seconde afgerekend. Zijn je coins op, dan eindigt de chat.',
      ],
      [
        '4. Betaling',
        'Coins en abonnementen betaal je via de betaaldiensten die bij het afrekenen worden aangeboden (creditcard, automatische incasso, directe overboeking). Als je ermee instemt, wordt je betaalmethode bewaard voor opwaarderen met één klik; je kunt die op elk moment verwijderen. Een terugboeking zonder geldige reden blokkeert het account tot het bedrag en de veroorzaakte kosten zijn voldaan.',
      ],
      [
        '5. Abonnementen',
        'VIP- en tv-abonnementen lopen voor de geboekte periode en worden automatisch met dezelfde periode verlengd, tenzij je vóór het einde van de lopende periode opzegt. Je kunt met één klik opzeggen in je accountinstellingen. De voordelen van een abonnement staan op de aanbiedingspagina.',
      ],
      [
        '6. Herroepingsrecht',
        'Als consument kun je een online gesloten overeenkomst binnen 14 dagen zonder opgave van redenen herroepen. De termijn begint op de dag waarop de overeenkomst is gesloten. Stuur ons daarvoor een duidelijke verklaring, bijvoorbeeld een e-mail aan support@velvet.test.',
        "Bij digitale inhoud die niet op een materiële drager wordt geleverd (coins besteed aan video's, foto's, livechats en berichten) vervalt je herroepingsrecht zodra we met de uitvoering zijn begonnen nadat je daar uitdrukkelijk mee hebt ingestemd en hebt bevestigd dat je daardoor je herroepingsrecht verliest. Voor nog niet bestede coins blijft het herroepingsrecht bestaan.",
        'Herroep je, dan betalen we alle ontvangen betalingen onverwijld en uiterlijk binnen 14 dagen terug via hetzelfde betaalmiddel dat je hebt gebruikt.',
      ],
      [
        '7. Terugbetaling van ongebruikte coins',
        'Sluit je je account, dan worden gekochte en niet bestede coins op verzoek terugbetaald tegen de prijs die je ervoor hebt betaald, minus de betaalkosten die de aanbieder in rekening zijn gebracht. Coins die aan het einde van het jaar van aankoop ouder zijn dan drie jaar, vervallen overeenkomstig de wettelijke verjaring.',
      ],
      [
        '8. Garantie en klachten',
        'De wettelijke garantierechten zijn van toepassing. Kan inhoud niet worden afgespeeld of werd een chat door een technische storing aan onze kant onderbroken, neem dan binnen 14 dagen contact op met de support; we schrijven de betreffende coins terug of leveren de inhoud opnieuw.',
        'De aanbieder is niet bereid en niet verplicht deel te nemen aan geschillenbeslechting bij een consumentengeschillencommissie.',
      ],
    ],
  },
  TOU: {
    title: 'Gebruiksvoorwaarden',
    sections: [
      [
        '1. Respect',
        'Velvet draait om vriendelijk contact tussen gasten en performers. Behandel iedereen met respect. Beledigingen, bedreigingen, discriminatie, stalking en druk op performers om iets te doen wat ze hebben geweigerd, zijn niet toegestaan.',
      ],
      [
        '2. Verboden inhoud en gedrag',
        'Je mag geen inhoud sturen of vragen waarin minderjarigen of minderjarig ogende personen, geweld, handelingen zonder instemming, dieren, bedwelming of strafbare feiten voorkomen. Het is verboden een performer te vragen om een persoonlijke ontmoeting, privécontactgegevens of betalingen buiten Velvet.',
        'Reclame, spam, kettingberichten, links naar andere sites en pogingen om eigen diensten te verkopen zijn niet toegestaan in chats, reacties of berichten.',
      ],
      [
        '3. Opnemen en technisch misbruik',
        "Livechats, shows, video's en foto's mogen niet worden opgenomen, vastgelegd of opgeslagen met schermrecorders, bots of andere hulpmiddelen. Geautomatiseerde toegang (scripts, scrapers), het omzeilen van technische beveiliging, beveiligingstests zonder toestemming en het overbelasten van het platform zijn verboden.",
      ],
      [
        '4. Namen, afbeeldingen en reacties',
        'Je gebruikersnaam en avatar mogen geen rechten van anderen schenden, geen contactgegevens bevatten en niet aanstootgevend zijn. Reacties en berichten moeten van jezelf zijn en mogen geen persoonsgegevens van anderen bevatten. De aanbieder kan inhoud verwijderen die deze regels overtreedt.',
      ],
      [
        '5. Meldingen en gevolgen',
        'Via het helpcentrum kun je een gast, een performer of inhoud melden. Meldingen worden snel, vertrouwelijk en zonder aanzien van de melder beoordeeld.',
        'Afhankelijk van de ernst leidt een overtreding tot een waarschuwing, het verwijderen van inhoud, een tijdelijke blokkering van chatfuncties of het sluiten van het account. Strafbare feiten worden aan de autoriteiten gemeld. Coins die zijn besteed aan inhoud die in strijd met deze regels is gebruikt, worden niet terugbetaald.',
      ],
    ],
  },
  PP: {
    title: 'Privacyverklaring',
    sections: [
      [
        '1. Verwerkingsverantwoordelijke en functionaris',
        'Verantwoordelijk voor de verwerking van je persoonsgegevens op Velvet is Velvet Media GmbH, Speicherallee 7, 20457 Hamburg, Duitsland, support@velvet.test. Onze functionaris voor gegevensbescherming bereik je via privacy@velvet.test of per post op hetzelfde adres, ter attentie van de "functionaris voor gegevensbescherming".',
      ],
      [
        '2. Welke gegevens we verwerken',
        "Bij een bezoek aan de website: je IP-adres, browser- en apparaattype, de opgevraagde pagina's en het tijdstip, die onze servers nodig hebben om de website te leveren en te beveiligen. Ze worden na 14 dagen verwijderd.",
        'Bij registratie en gebruik van je account: e-mailadres, gebruikersnaam, wachtwoord (alleen als hash opgeslagen), taal, favorieten, berichten, aankopen, coinsaldo en, als je die uitvoert, de uitkomst van de leeftijdscontrole (niet de documenten zelf).',
        'Bij betalingen: bedrag, tijdstip, betaalmethode en de referentie van de betaaldienst. Kaartnummers worden alleen door de betaaldienst verwerkt en nooit door ons opgeslagen.',
      ],
      [
        '3. Doelen en rechtsgronden',
        'We verwerken je gegevens om de diensten te leveren die je gebruikt (art. 6 lid 1 sub b AVG), om wettelijke verplichtingen na te komen zoals jeugdbescherming en fiscale en handelsrechtelijke bewaarplichten (art. 6 lid 1 sub c AVG) en op grond van ons gerechtvaardigd belang bij een veilig platform zonder fraude (art. 6 lid 1 sub f AVG).',
        'Nieuwsbrieven, pushmeldingen en optionele analyses gebruiken we alleen met je toestemming (art. 6 lid 1 sub a AVG), die je op elk moment voor de toekomst kunt intrekken.',
      ],
      [
        '4. Cookies, lokale opslag en pushmeldingen',
        'Noodzakelijke cookies en lokale opslag houden je ingelogd, onthouden je taal en beschermen formulieren. Functionele opslag (zoals je recente zoekopdrachten) en analyses gebruiken we alleen als je die toestaat in de cookie-instellingen.',
        'Sta je pushmeldingen toe, dan geeft je browser ons een adres van zijn pushdienst en sleutels; die gebruiken we alleen om de meldingen te sturen die je hebt ingeschakeld (favorieten online, acties, nieuws). De berichten zijn end-to-end versleuteld, zodat de pushdienst ze niet kan lezen. Je kunt ze op elk moment uitschakelen in je account of in de browser; we verwijderen dan het abonnement.',
      ],
      [
        '5. Ontvangers',
        'We geven gegevens alleen door waar dat nodig is: aan betaaldiensten voor betalingen, aan de leeftijdscontroledienst voor de controle, aan hosting- en e-mailleveranciers die aan onze instructies gebonden zijn (art. 28 AVG) en aan autoriteiten als de wet ons daartoe verplicht. Performers zien je gebruikersnaam en wat je hun schrijft, nooit je e-mailadres of betaalgegevens.',
        'Onze servers staan in de Europese Unie. Verwerkt een dienstverlener gegevens buiten de EU, dan zorgen we voor een passend beschermingsniveau, met name via de modelcontractbepalingen van de EU.',
      ],
      [
        '6. Bewaartermijn',
        'Accountgegevens bewaren we zolang je account bestaat. Na sluiting verwijderen we je gegevens binnen 30 dagen, tenzij de wet een langere bewaring vereist: boekhoudstukken tien jaar, andere zakelijke correspondentie zes jaar en bewijs van de leeftijdscontrole zo lang als het jeugdbeschermingsrecht voorschrijft.',
      ],
      [
        '7. Je rechten',
        'Je hebt recht op inzage, rectificatie, verwijdering, beperking van de verwerking en overdraagbaarheid van gegevens, en het recht bezwaar te maken tegen verwerking op grond van gerechtvaardigde belangen. Schrijf naar privacy@velvet.test; we antwoorden binnen een maand.',
        'Je kunt ook een klacht indienen bij een toezichthouder, bijvoorbeeld de Autoriteit Persoonsgegevens of de Hamburgse toezichthouder voor gegevensbescherming en informatievrijheid, Ludwig-Erhard-Straße 22, 20459 Hamburg.',
      ],
    ],
  },
  IMP: {
    title: 'Colofon',
    sections: [
      [
        'Aanbieder',
        'Velvet Media GmbH',
        'Speicherallee 7, 20457 Hamburg, Duitsland',
        'Directie: Lena Marquardt, Jonas Weidler',
      ],
      [
        'Contact',
        'E-mail: support@velvet.test',
        'Telefoon: +49 40 6094 8210 (maandag tot en met vrijdag, 10.00 tot 18.00 uur)',
      ],
      [
        'Handelsregister en btw',
        'Handelsregister: Amtsgericht Hamburg, HRB 187452',
        'Btw-identificatienummer volgens § 27a van de Duitse btw-wet: DE318845226',
      ],
      [
        'Functionaris jeugdbescherming',
        'Dr. Katrin Albers, youth-protection@velvet.test. Neem contact met haar op als je op Velvet inhoud tegenkomt die schadelijk kan zijn voor minderjarigen.',
      ],
      [
        'Verantwoordelijk voor redactionele inhoud',
        'Lena Marquardt, adres zoals hierboven (§ 18 lid 2 Duits mediaverdrag).',
      ],
      [
        'Geschillenbeslechting',
        'We zijn niet bereid en niet verplicht deel te nemen aan geschillenbeslechting bij een consumentengeschillencommissie.',
      ],
    ],
  },
});
