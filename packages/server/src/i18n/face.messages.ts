import type { Texts } from './messages.js';

/** Messages of the face check: enrolling a photo, the camera's check, the gates it guards. */
export const faceMessages = {
  face_photo_no_face: {
    ru: 'На фотографии не найдено лицо: загрузите фотографию, где лицо видно анфас',
    kk: 'Фотосуретте бет табылмады: бет алдынан көрінетін фотосуретті жүктеңіз',
    en: 'No face was found in the photo: upload one that shows the face from the front',
  },
  face_photo_several_faces: {
    ru: 'На фотографии несколько лиц: загрузите фотографию одного человека',
    kk: 'Фотосуретте бірнеше бет бар: бір адамның фотосуретін жүктеңіз',
    en: 'The photo shows several faces: upload a photo of one person',
  },
  face_photo_small_face: {
    ru: 'Лицо на фотографии слишком мелкое: загрузите фотографию крупнее',
    kk: 'Фотосуреттегі бет тым кішкентай: ірірек фотосурет жүктеңіз',
    en: 'The face in the photo is too small: upload a closer photo',
  },
  face_image_unreadable: {
    ru: 'Не удалось прочитать изображение: загрузите другой файл JPEG или PNG',
    kk: 'Суретті оқу мүмкін болмады: басқа JPEG немесе PNG файлын жүктеңіз',
    en: 'The image could not be read: upload another JPEG or PNG file',
  },
  face_file_missing: {
    ru: 'Выберите изображение ({field})',
    kk: 'Суретті таңдаңыз ({field})',
    en: 'Choose an image ({field})',
  },
  face_target_missing: {
    ru: 'Укажите вебинар (WebID) или экзамен (ExamID) перед снимком',
    kk: 'Суреттің алдында вебинарды (WebID) немесе емтиханды (ExamID) көрсетіңіз',
    en: 'Name the webinar (WebID) or the exam (ExamID) before the shot',
  },
  face_target_both: {
    ru: 'Укажите что-то одно: вебинар (WebID) или экзамен (ExamID)',
    kk: 'Біреуін ғана көрсетіңіз: вебинар (WebID) немесе емтихан (ExamID)',
    en: 'Name only one: the webinar (WebID) or the exam (ExamID)',
  },
  face_target_invalid: {
    ru: 'Неверное значение поля {field}',
    kk: '{field} өрісінің мәні дұрыс емес',
    en: 'The value of {field} is not valid',
  },
  face_busy: {
    ru: 'Проверка лица сейчас занята, попробуйте ещё раз через несколько секунд',
    kk: 'Бетті тексеру қазір бос емес, бірнеше секундтан кейін қайталап көріңіз',
    en: 'The face check is busy, try again in a few seconds',
  },
  face_check_first: {
    ru: 'Сначала пройдите проверку лица',
    kk: 'Алдымен бетті тексеруден өтіңіз',
    en: 'Pass the face check first',
  },
  face_recognized: { ru: 'Лицо распознано', kk: 'Бет танылды', en: 'Face recognized' },
  face_not_recognized_no_face: {
    ru: 'Лицо не распознано: в кадре нет лица',
    kk: 'Бет танылмады: кадрда бет жоқ',
    en: 'Face not recognized: there is no face in the picture',
  },
  face_not_recognized_several_faces: {
    ru: 'Лицо не распознано: в кадре несколько лиц',
    kk: 'Бет танылмады: кадрда бірнеше бет бар',
    en: 'Face not recognized: there are several faces in the picture',
  },
  face_not_recognized_small_face: {
    ru: 'Лицо не распознано: лицо слишком далеко, подвиньтесь ближе к камере',
    kk: 'Бет танылмады: бет тым алыс, камераға жақынырақ келіңіз',
    en: 'Face not recognized: the face is too far away, come closer to the camera',
  },
  face_not_recognized_not_live: {
    ru: 'Лицо не распознано: снимок не похож на живое лицо перед камерой',
    kk: 'Бет танылмады: сурет камера алдындағы тірі адамға ұқсамайды',
    en: 'Face not recognized: the picture does not look like a live face in front of the camera',
  },
  face_not_recognized_no_match: {
    ru: 'Лицо не распознано: не совпадает с фотографией в профиле',
    kk: 'Бет танылмады: профильдегі фотосуретке сәйкес келмейді',
    en: 'Face not recognized: it does not match the photo on record',
  },
  face_not_recognized_not_enrolled: {
    ru: 'Лицо не распознано: нет фотографии для сравнения, обратитесь к администратору',
    kk: 'Бет танылмады: салыстыратын фотосурет жоқ, әкімшіге хабарласыңыз',
    en: 'Face not recognized: there is no photo to compare with, contact the administrator',
  },
} as const satisfies Texts;
