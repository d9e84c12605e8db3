import { documentsOf } from './document';

export const en = documentsOf('en', {
  TOS: {
    title: 'Terms of service',
    sections: [
      [
        '1. Scope and provider',
        'These terms govern every use of the Velvet website, its apps and its live services ("Velvet"). Velvet is operated by Velvet Media GmbH, Speicherallee 7, 20457 Hamburg, Germany (the "provider"; see the imprint). They apply to visitors and to registered guests alike; the general terms and conditions add the rules for purchases, and the terms of use the rules of conduct.',
        'Terms of a guest that differ from these do not apply, even if the provider does not object to them expressly.',
      ],
      [
        '2. Adults only',
        'Velvet offers erotic content for adults. Only persons who have reached the age of 18 — or the higher age of majority where they live — may use it. Content restricted by German youth protection law is shown only after a successful age verification.',
        'By registering, you confirm that you are of age and that viewing erotic content is legal where you are. Accounts of persons under age are closed without notice.',
      ],
      [
        '3. Your account',
        'Registration is free. You give truthful details, keep your password secret and tell us at once if you believe someone else uses your account. Each person may hold one account; accounts cannot be transferred or sold.',
        'You are responsible for everything done with your account unless you show that you could not have prevented the misuse.',
      ],
      [
        '4. What Velvet offers',
        'Velvet lets you watch live cams, chat with performers in text, voice and video, buy videos and photo albums, send messages and gifts and take part in shows, contests and promotions. Some features are free, others are paid with coins or need a VIP or TV subscription; the price is always shown before you buy.',
        'Performers are independent adults who decide themselves when they are online and what they show. The provider does not guarantee that a particular performer is available at a particular time.',
        "Velvet is available around the clock apart from maintenance. Short interruptions for maintenance or for reasons beyond the provider's control (for example network failures) do not give rise to claims.",
      ],
      [
        '5. Content and rights',
        'All content on Velvet is protected by copyright. A purchase gives you a personal, non-transferable right to view the content for private purposes inside Velvet. Recording, downloading with tools, copying, publishing or passing on content — in particular live chats — is prohibited and will be prosecuted.',
      ],
      [
        '6. Locking and termination',
        'You may close your account at any time in your account settings or by writing to support@velvet.test. Coins you have not spent are paid back on request as far as the general terms and conditions provide.',
        "The provider may give notice to end the contract with two weeks' notice, and may lock an account at once for serious reasons, in particular a breach of the terms of use, use by a minor, fraud or chargebacks without cause.",
      ],
      [
        '7. Liability',
        'The provider is liable without limit for intent and gross negligence, for injury to life, body or health and under the Product Liability Act. For slight negligence it is liable only for breaches of essential contractual duties and only up to the damage typical of the contract and foreseeable when it was made.',
      ],
      [
        '8. Changes and final provisions',
        'The provider may change these terms for valid reasons, such as new features or changes in the law. You will be told of changes by e-mail or on the site at least four weeks before they take effect; if you do not object within this time, the changed terms apply. We will point this out to you in the notice.',
        'German law applies, excluding the UN Convention on Contracts for the International Sale of Goods. If you are a consumer, the mandatory consumer protection rules of the country where you live remain unaffected.',
      ],
    ],
  },
  GTC: {
    title: 'General terms and conditions',
    sections: [
      [
        '1. Scope',
        'These general terms and conditions apply to every purchase on Velvet between Velvet Media GmbH and you: coins, videos, photo albums, live chats, show tickets, messenger content and VIP or TV subscriptions. They add to the terms of service.',
      ],
      [
        '2. Coins',
        'Most content is paid with coins (VXC). You buy coins in advance in packages shown on the site; 1 euro buys 4 coins unless an offer says otherwise. Coins are no legal tender, bear no interest and cannot be transferred to other guests.',
        'Coins are credited as soon as the payment provider confirms the payment. Bonus coins from promotions can be used like bought coins but are not paid back.',
      ],
      [
        '3. Conclusion of the contract and prices',
        'The presentation of content on the site is an invitation to make an offer. By clicking a button that names the price (for example "Buy for 150 VXC") you make a binding offer, which the provider accepts by giving you access. All prices include statutory VAT.',
        "Live chats are billed by the minute at the performer's price per minute shown before the start. The coins for the current minute are reserved at the start of each minute; the last minute is billed by the second. If your coins run out, the chat ends.",
      ],
      [
        '4. Payment',
        'Coins and subscriptions are paid through the payment providers offered during checkout (credit card, direct debit, instant transfer). If you agree, your payment method is saved for one-click top-ups; you can remove it at any time. A chargeback without good reason locks the account until the amount and the fees it caused are settled.',
      ],
      [
        '5. Subscriptions',
        'VIP and TV subscriptions run for the period booked and renew automatically for the same period unless you cancel before the end of the current period. You can cancel in your account settings with one click. The benefits of a subscription are described on its offer page.',
      ],
      [
        '6. Right of withdrawal',
        'As a consumer you may withdraw from a contract concluded online within 14 days without giving reasons. The withdrawal period begins on the day the contract is concluded. To withdraw, send us a clear statement, for example an e-mail to support@velvet.test.',
        'For digital content not supplied on a physical medium (coins spent on videos, photos, live chats and messages) your right of withdrawal expires once we have begun to perform the contract after you expressly agreed to this and confirmed that you know you lose your right of withdrawal. For coins not yet spent, the right of withdrawal remains.',
        'If you withdraw, we repay all payments received from you without delay and at the latest within 14 days, using the same means of payment you used.',
      ],
      [
        '7. Refunds of unused coins',
        'When you close your account, coins you bought and have not spent are refunded on request at the price you paid for them, less any payment fees charged to the provider. Coins older than three years at the end of the year of purchase expire in line with the statutory limitation period.',
      ],
      [
        '8. Warranty and complaints',
        'The statutory warranty rights apply. If content cannot be played or a chat was interrupted by a technical fault on our side, contact support within 14 days; we credit the coins concerned or supply the content again.',
        'The provider is neither willing nor obliged to take part in dispute resolution proceedings before a consumer arbitration board.',
      ],
    ],
  },
  TOU: {
    title: 'Terms of use',
    sections: [
      [
        '1. Respect',
        'Velvet lives from friendly contact between guests and performers. Treat everyone with respect. Insults, threats, discrimination, stalking and pressure on performers to do things they have refused are not allowed.',
      ],
      [
        '2. Prohibited content and behaviour',
        'You must not send or ask for content that involves minors or persons who appear to be minors, violence, non-consensual acts, animals, intoxication or illegal acts. Asking a performer to meet in person, for private contact details or for payments outside Velvet is prohibited.',
        'Advertising, spam, chain messages, links to other sites and attempts to sell your own services are not allowed in chats, comments or messages.',
      ],
      [
        '3. Recording and technical misuse',
        'Live chats, shows, videos and pictures must not be recorded, captured or saved with screen recorders, bots or other tools. You must not use automated access (scripts, scrapers), bypass technical protections, test the security of the platform without permission or overload it.',
      ],
      [
        '4. Names, pictures and comments',
        'Your user name and avatar must not infringe the rights of others, contain contact details or be offensive. Comments and messages must be your own and must not contain personal data of others. The provider may remove content that breaks these rules.',
      ],
      [
        '5. Reporting and consequences',
        'You can report a guest, a performer or a piece of content through the help centre. Reports are reviewed promptly, confidentially and without regard to the reporter.',
        'Depending on the seriousness, a breach leads to a warning, the removal of content, a temporary lock of chat functions or the closure of the account. Criminal offences are reported to the authorities. Coins spent on content used in breach of these rules are not refunded.',
      ],
    ],
  },
  PP: {
    title: 'Data protection',
    sections: [
      [
        '1. Controller and data protection officer',
        'The controller for the processing of your personal data on Velvet is Velvet Media GmbH, Speicherallee 7, 20457 Hamburg, Germany, support@velvet.test. You can reach our data protection officer at privacy@velvet.test or by post at the same address, marked "Data protection officer".',
      ],
      [
        '2. Data we process',
        'When you visit the site: your IP address, browser and device type, the pages requested and the time, which our servers need to deliver the site and keep it secure. They are deleted after 14 days.',
        'When you register and use your account: e-mail address, user name, password (stored only as a hash), language, favourites, messages, purchases, coin balance and, if you complete it, the result of the age verification (not the documents themselves).',
        'When you pay: amount, time, payment method and the reference of the payment provider. Card numbers are processed only by the payment provider and never stored by us.',
      ],
      [
        '3. Purposes and legal bases',
        'We process your data to provide the services you use (Art. 6(1)(b) GDPR), to fulfil legal obligations such as youth protection, tax and commercial record keeping (Art. 6(1)(c) GDPR), and on the basis of our legitimate interest in a secure, fraud-free platform (Art. 6(1)(f) GDPR).',
        'Newsletters, push notifications and optional analytics are used only with your consent (Art. 6(1)(a) GDPR), which you can withdraw at any time with effect for the future.',
      ],
      [
        '4. Cookies, local storage and push notifications',
        'Necessary cookies and local storage keep you logged in, remember your language and protect forms. Functional storage (for example your recent searches) and analytics are used only if you allow them in the cookie settings.',
        'If you allow push notifications, your browser gives us an address of its push service and keys; we use them only to send the notifications you switched on (favourite performers online, campaigns, news). Messages are encrypted end to end, so the push service cannot read them. You can switch them off in your account or in the browser at any time, and we then delete the subscription.',
      ],
      [
        '5. Recipients',
        'We pass data on only where necessary: to payment providers for payments, to the age verification service for the check, to hosting and e-mail service providers bound by our instructions (Art. 28 GDPR), and to authorities where the law obliges us. Performers see your user name and what you write to them, never your e-mail address or payment data.',
        'Our servers are located in the European Union. If a service provider processes data outside the EU, we ensure an adequate level of protection, in particular through the EU standard contractual clauses.',
      ],
      [
        '6. Storage period',
        'We keep account data as long as your account exists. After it is closed, we delete your data within 30 days unless the law requires us to keep it longer: accounting records for ten years, other business letters for six years, and proof of age verification as long as youth protection law requires.',
      ],
      [
        '7. Your rights',
        'You have the right of access, rectification, erasure, restriction of processing and data portability, and the right to object to processing based on legitimate interests. Write to privacy@velvet.test; we answer within one month.',
        'You may also lodge a complaint with a supervisory authority, for example the Hamburg Commissioner for Data Protection and Freedom of Information, Ludwig-Erhard-Straße 22, 20459 Hamburg.',
      ],
    ],
  },
  IMP: {
    title: 'Imprint',
    sections: [
      [
        'Provider',
        'Velvet Media GmbH',
        'Speicherallee 7, 20457 Hamburg, Germany',
        'Managing directors: Lena Marquardt, Jonas Weidler',
      ],
      ['Contact', 'E-mail: support@velvet.test', 'Telephone: +49 40 6094 8210 (Monday to Friday, 10:00 to 18:00)'],
      [
        'Register and VAT',
        'Commercial register: Hamburg Local Court (Amtsgericht Hamburg), HRB 187452',
        'VAT identification number under § 27a of the German VAT Act: DE318845226',
      ],
      [
        'Youth protection officer',
        'Dr. Katrin Albers, youth-protection@velvet.test. Contact her if you come across content on Velvet that could harm minors.',
      ],
      [
        'Responsible for editorial content',
        'Lena Marquardt, address as above (§ 18(2) of the German Interstate Media Treaty).',
      ],
      [
        'Consumer dispute resolution',
        'We are neither willing nor obliged to take part in dispute resolution proceedings before a consumer arbitration board.',
      ],
    ],
  },
});
