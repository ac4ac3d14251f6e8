import type { Texts } from './messages.js';

/** Messages about the report card's digital signatures. */
export const signaturesMessages = {
  exam_signed: {
    ru: 'Табель подписан ЭЦП',
    kk: 'Ведомость ЭЦҚ-мен қол қойылды',
    en: 'The report card is signed',
  },
  signature_not_found: { ru: 'Подпись не найдена', kk: 'Қолтаңба табылмады', en: 'Signature not found' },
  signature_file_missing: {
    ru: 'Файл подписи не найден в хранилище',
    kk: 'Қолтаңба файлы қоймадан табылмады',
    en: 'The signature’s file is missing from storage',
  },
  signature_base64: {
    ru: 'Подпись должна быть в кодировке base64',
    kk: 'Қолтаңба base64 кодтауында болуы керек',
    en: 'The signature must be base64',
  },
  signature_malformed: {
    ru: 'Подпись повреждена: это не подпись CMS (PKCS#7)',
    kk: 'Қолтаңба бүлінген: бұл CMS (PKCS#7) қолтаңбасы емес',
    en: 'The signature is damaged: it is not a CMS (PKCS#7) signature',
  },
  signature_not_detached: {
    ru: 'Нужна отсоединённая подпись: табель не должен быть вложен в подпись',
    kk: 'Бөлек қолтаңба қажет: ведомость қолтаңбаға салынбауы керек',
    en: 'A detached signature is needed: the report card must not be inside it',
  },
  signature_signer_count: {
    ru: 'Подпись должна содержать ровно одного подписанта',
    kk: 'Қолтаңбада дәл бір қол қоюшы болуы керек',
    en: 'The signature must have exactly one signer',
  },
  signature_certificate_missing: {
    ru: 'В подписи нет сертификата подписанта',
    kk: 'Қолтаңбада қол қоюшының сертификаты жоқ',
    en: 'The signature does not include the signer’s certificate',
  },
  signature_digest_not_sha256: {
    ru: 'Подпись должна использовать хеш SHA-256',
    kk: 'Қолтаңба SHA-256 хешін қолдануы керек',
    en: 'The signature must use SHA-256',
  },
  signature_attributes_missing: {
    ru: 'В подписи нет подписанных атрибутов: времени подписания и хеша документа',
    kk: 'Қолтаңбада қол қойылған атрибуттар жоқ: қол қою уақыты мен құжат хеші',
    en: 'The signature lacks its signed attributes: the signing time and the document’s hash',
  },
  signature_too_many_certificates: {
    ru: 'Подпись содержит слишком много сертификатов: в ней должны быть только сертификат подписанта и его удостоверяющих центров',
    kk: 'Қолтаңбада сертификаттар тым көп: онда тек қол қоюшының және оның куәландырушы орталықтарының сертификаттары болуы керек',
    en: 'The signature carries too many certificates: only the signer’s and its authorities’ belong in it',
  },
  signing_time_future: {
    ru: 'Время подписания в подписи ещё не наступило: проверьте часы компьютера',
    kk: 'Қолтаңбадағы қол қою уақыты әлі келмеген: компьютер сағатын тексеріңіз',
    en: 'The signing time in the signature lies in the future: check the computer’s clock',
  },
  signing_time_outside_validity: {
    ru: 'Время подписания лежит вне срока действия сертификата',
    kk: 'Қол қою уақыты сертификаттың жарамдылық мерзімінен тыс',
    en: 'The signing time lies outside the certificate’s validity',
  },
  signing_time_before_completion: {
    ru: 'Время подписания раньше завершения экзамена: подпишите табель заново',
    kk: 'Қол қою уақыты емтихан аяқталғанға дейін: ведомостьқа қайта қол қойыңыз',
    en: 'The signing time is before the exam was completed: sign the report card again',
  },
  certificate_malformed: {
    ru: 'Сертификат повреждён: это не сертификат X.509',
    kk: 'Сертификат бүлінген: бұл X.509 сертификаты емес',
    en: 'The certificate is damaged: it is not an X.509 certificate',
  },
  signature_invalid: {
    ru: 'Подпись не прошла проверку ключом сертификата',
    kk: 'Қолтаңба сертификат кілтімен тексеруден өтпеді',
    en: 'The signature does not verify with the certificate’s key',
  },
  signature_content_mismatch: {
    ru: 'Табель изменился после загрузки (например, проголосовал другой экзаменатор), или подпись относится к другому документу. Откройте табель заново и подпишите ещё раз',
    kk: 'Ведомость жүктелгеннен кейін өзгерді (мысалы, басқа емтихан алушы дауыс берді) немесе қолтаңба басқа құжатқа жатады. Ведомостьті қайта ашып, қайта қол қойыңыз',
    en: 'The report card changed since it was downloaded (another examiner voted, for instance), or the signature covers other bytes. Open the report card again and sign once more',
  },
  signature_iin_mismatch: {
    ru: 'ИИН в сертификате не совпадает с ИИН вашей учётной записи',
    kk: 'Сертификаттағы ЖСН тіркелгіңіздің ЖСН-імен сәйкес келмейді',
    en: 'The certificate’s IIN is not the IIN of your account',
  },
  certificate_expired: {
    ru: 'Срок действия сертификата истёк',
    kk: 'Сертификаттың қолданылу мерзімі өтті',
    en: 'The certificate has expired',
  },
  certificate_not_yet_valid: {
    ru: 'Сертификат ещё не вступил в действие',
    kk: 'Сертификат әлі күшіне енген жоқ',
    en: 'The certificate is not valid yet',
  },
  certificate_not_for_signing: {
    ru: 'Этот ключ не предназначен для подписи: выберите ключ подписи (RSA_… или GOSTKNCA_…), а не аутентификации (AUTH_…)',
    kk: 'Бұл кілт қол қоюға арналмаған: аутентификация (AUTH_…) емес, қол қою кілтін (RSA_… немесе GOSTKNCA_…) таңдаңыз',
    en: 'This key is not meant for signing: choose the signing key (RSA_… or GOSTKNCA_…), not the authentication one (AUTH_…)',
  },
  gost_not_supported: {
    ru: 'ГОСТ-ключ из файла здесь не подписывает: подпишите через NCALayer',
    kk: 'Файлдағы ГОСТ кілті мұнда қол қоймайды: NCALayer арқылы қол қойыңыз',
    en: 'A GOST key file cannot sign here: sign through NCALayer',
  },
  trust_not_configured: {
    ru: 'Сервер не доверяет ни одному удостоверяющему центру: администратор должен указать корневые сертификаты НУЦ РК (NCA_TRUST_DIR)',
    kk: 'Сервер ешбір куәландырушы орталыққа сенбейді: әкімші ҚР ҰКО түбірлік сертификаттарын көрсетуі керек (NCA_TRUST_DIR)',
    en: 'The server trusts no certification authority: the administrator must configure the NCA RK root certificates (NCA_TRUST_DIR)',
  },
  certificate_untrusted: {
    ru: 'Сертификат выдан не доверенным удостоверяющим центром (НУЦ РК)',
    kk: 'Сертификатты сенімді куәландырушы орталық (ҚР ҰКО) бермеген',
    en: 'The certificate was not issued by a trusted certification authority (NCA RK)',
  },
  certificate_chain_invalid: {
    ru: 'Цепочка сертификатов не прошла проверку: подпись удостоверяющего центра не подтверждена',
    kk: 'Сертификаттар тізбегі тексеруден өтпеді: куәландырушы орталықтың қолтаңбасы расталмады',
    en: 'The certificate chain failed verification: an authority’s signature could not be verified',
  },
  certificate_issuer_not_ca: {
    ru: 'Сертификат в цепочке выдан тем, кто не является удостоверяющим центром (нет права выпускать сертификаты)',
    kk: 'Тізбектегі сертификатты куәландырушы орталық емес тұлға берген (сертификат шығару құқығы жоқ)',
    en: 'A certificate in the chain was issued by one that is not a certification authority (it may not issue certificates)',
  },
  certificate_path_too_long: {
    ru: 'Цепочка сертификатов длиннее, чем разрешает удостоверяющий центр',
    kk: 'Сертификаттар тізбегі куәландырушы орталық рұқсат еткеннен ұзын',
    en: 'The certificate chain is longer than its certification authority allows',
  },
  certificate_issuer_expired: {
    ru: 'Сертификат удостоверяющего центра в цепочке недействителен на момент подписания',
    kk: 'Тізбектегі куәландырушы орталықтың сертификаты қол қою сәтінде жарамсыз',
    en: 'A certification authority’s certificate in the chain is not valid at the time of signing',
  },
  certificate_critical_extension_unknown: {
    ru: 'Сертификат в цепочке содержит неизвестное критическое расширение',
    kk: 'Тізбектегі сертификатта белгісіз сыни кеңейтім бар',
    en: 'A certificate in the chain has an unknown critical extension',
  },
  certificate_signature_sha1: {
    ru: 'Сертификат в цепочке подписан устаревшим алгоритмом SHA-1',
    kk: 'Тізбектегі сертификатқа ескірген SHA-1 алгоритмімен қол қойылған',
    en: 'A certificate in the chain is signed with the obsolete SHA-1 algorithm',
  },
  certificate_revoked: {
    ru: 'Сертификат отозван',
    kk: 'Сертификат кері қайтарылған',
    en: 'The certificate has been revoked',
  },
  revocation_unknown: {
    ru: 'Не удалось проверить, отозван ли сертификат (нет действующего списка отзыва и ответа OCSP)',
    kk: 'Сертификаттың кері қайтарылғанын тексеру мүмкін болмады (жарамды кері қайтару тізімі және OCSP жауабы жоқ)',
    en: 'Could not check whether the certificate is revoked (no current revocation list and no OCSP answer)',
  },
  gost_verifier_unavailable: {
    ru: 'Служба проверки подписей ГОСТ (NCANode) не ответила, попробуйте позже',
    kk: 'ГОСТ қолтаңбаларын тексеру қызметі (NCANode) жауап бермеді, кейінірек қайталаңыз',
    en: 'The GOST signature verification service (NCANode) did not answer, try again later',
  },
} as const satisfies Texts;
