import type { Texts } from './messages.js';

/** Why a SCORM package's zip was refused: each names its reason, and the entry where there is one. */
export const scormPackageMessages = {
  scorm_not_zip: {
    ru: 'Файл не является ZIP-архивом или повреждён',
    kk: 'Файл ZIP мұрағаты емес немесе зақымдалған',
    en: 'The file is not a ZIP archive or is damaged',
  },
  scorm_entry_damaged: {
    ru: 'Файл «{entry}» в архиве повреждён: его размер не совпадает с указанным',
    kk: 'Мұрағаттағы «{entry}» файлы зақымдалған: өлшемі көрсетілгенмен сәйкес келмейді',
    en: 'The file “{entry}” in the archive is damaged: its size is not the one it declares',
  },
  scorm_no_manifest: {
    ru: 'В корне архива нет файла imsmanifest.xml: это не SCORM-пакет',
    kk: 'Мұрағаттың түбірінде imsmanifest.xml файлы жоқ: бұл SCORM пакеті емес',
    en: 'There is no imsmanifest.xml at the root of the archive: this is not a SCORM package',
  },
  scorm_manifest_unreadable: {
    ru: 'Файл imsmanifest.xml не читается: это не корректный XML манифеста',
    kk: 'imsmanifest.xml файлы оқылмайды: бұл дұрыс манифест XML емес',
    en: 'imsmanifest.xml cannot be read: it is not valid manifest XML',
  },
  scorm_no_sco: {
    ru: 'В imsmanifest.xml нет запускаемого SCO: в организации по умолчанию нет элемента с ресурсом типа sco',
    kk: 'imsmanifest.xml ішінде іске қосылатын SCO жоқ: әдепкі ұйымда sco түріндегі ресурсы бар элемент жоқ',
    en: 'imsmanifest.xml names no launchable SCO: the default organisation has no item with a resource of type sco',
  },
  scorm_launch_missing: {
    ru: 'Файл запуска «{entry}», указанный в imsmanifest.xml, отсутствует в архиве',
    kk: 'imsmanifest.xml көрсеткен «{entry}» іске қосу файлы мұрағатта жоқ',
    en: 'The launch file “{entry}” named in imsmanifest.xml is not in the archive',
  },
  scorm_unsafe_path: {
    ru: 'Недопустимый путь в архиве: «{entry}» (выход из папки через ../, абсолютный путь, буква диска или обратная косая черта)',
    kk: 'Мұрағаттағы жол рұқсат етілмейді: «{entry}» (../ арқылы қалтадан шығу, абсолютті жол, диск әрпі немесе кері қиғаш сызық)',
    en: 'An unsafe path in the archive: “{entry}” (leaving the folder with ../, an absolute path, a drive letter or a backslash)',
  },
  scorm_symlink: {
    ru: 'Архив содержит символическую ссылку: «{entry}»',
    kk: 'Мұрағатта символдық сілтеме бар: «{entry}»',
    en: 'The archive holds a symbolic link: “{entry}”',
  },
  scorm_encrypted: {
    ru: 'Файл «{entry}» в архиве зашифрован: загрузите архив без пароля',
    kk: 'Мұрағаттағы «{entry}» файлы шифрланған: мұрағатты құпиясөзсіз жүктеңіз',
    en: 'The file “{entry}” in the archive is encrypted: upload the archive without a password',
  },
  scorm_name_conflict: {
    ru: 'В архиве повторяется путь «{entry}»',
    kk: 'Мұрағатта «{entry}» жолы қайталанады',
    en: 'The path “{entry}” occurs twice in the archive',
  },
  scorm_too_many_entries: {
    ru: 'В архиве больше {max} файлов',
    kk: 'Мұрағатта {max} файлдан көп',
    en: 'The archive holds more than {max} files',
  },
  scorm_too_large: {
    ru: 'Распакованный архив больше {max} МБ',
    kk: 'Ашылған мұрағат {max} МБ-тан үлкен',
    en: 'The archive unpacks to more than {max} MB',
  },
  scorm_compression_ratio: {
    ru: 'Файл «{entry}» сжат более чем в {ratio} раз: архив похож на ZIP-бомбу',
    kk: '«{entry}» файлы {ratio} еседен артық сығылған: мұрағат ZIP-бомбаға ұқсайды',
    en: 'The file “{entry}” is compressed more than {ratio} times: the archive looks like a zip bomb',
  },
} as const satisfies Texts;
