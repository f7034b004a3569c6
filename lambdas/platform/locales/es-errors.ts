// The refusals' messages in Spanish (errorLanguage.ts), by their English exactly as the code writes it. A `{name}`
// is a part the code fills in (a name, a number, a date), carried into the Spanish as it is; a `{phrase:name}` is a
// part that is itself a message of this table, translated too; a `{date:name}` a moment or a date the portal wrote
// in English, written the Spanish way ("dom, 10 ene 2027, 9:00 MST"). Written for families (docs/i18n.md's glossary: usted,
// "temporada", "norma", "lista de espera", "sorteo", "tutor/a", "lugar"), not word for word. Every message the code
// can send has an entry (test/unit/error-language.test.ts scans lambdas/ for them).
export const spanishErrors: Record<string, string> = {
  // The handler: the request, the sign-in, the portal's state.
  'The request body is larger than {size} KB.': 'La solicitud ocupa más de {size} KB.',
  'The request body is not valid JSON.': 'La solicitud no es un JSON válido.',
  'The payload must be a JSON object.': 'Los datos enviados deben ser un objeto JSON.',
  'Your sign-in has expired or is not valid: sign in again.':
    'Su sesión caducó o no es válida: vuelva a iniciar sesión.',
  'Sign in to do this.': 'Inicie sesión para hacer esto.',
  'Only administrators may do this.': 'Solo los administradores pueden hacer esto.',
  'You are no longer an administrator.': 'Usted ya no es administrador/a.',
  'Administrators need a second factor: turn it on under "Second factor" in Manage Account, then sign in again.':
    'Un/a administrador/a necesita el segundo factor: actívelo en «Segundo factor» de Administrar cuenta y vuelva a iniciar sesión.',
  "This is not the portal's address: call the portal through its site.":
    'Esta no es la dirección del portal: entre al portal desde su sitio web.',
  'This account has been deleted.': 'Esta cuenta fue eliminada.',
  'The portal is very busy right now and could not save this. Please try again in a moment.':
    'El portal está muy ocupado en este momento y no pudo guardar esto. Inténtelo de nuevo en un momento.',
  'Something went wrong on our side. Please try again in a moment.':
    'Algo salió mal de nuestro lado. Inténtelo de nuevo en un momento.',
  'You are doing this too often. Please wait {seconds} seconds and try again.':
    'Está haciendo esto con demasiada frecuencia. Espere {seconds} segundos y vuelva a intentarlo.',
  'is not a known field': 'no es un campo conocido',
  '{field}: {phrase:problem}': '{field}: {phrase:problem}',
  'classId: {phrase:problem}': 'classId: {phrase:problem}',
  '"{label}" {phrase:problem}': '«{label}» {phrase:problem}',

  // Administrators and instructors.
  'No account uses {email}: the person must create an account first.':
    'Ninguna cuenta usa {email}: la persona debe crear una cuenta primero.',
  '{email} has not confirmed its e-mail address yet: the person must enter the code sent to it before becoming an administrator.':
    '{email} todavía no confirmó su correo electrónico: la persona debe ingresar el código que se le envió antes de ser administrador/a.',
  '{email} has no second factor yet: the person must turn it on under "Second factor" in Manage Account before becoming an administrator.':
    '{email} todavía no tiene segundo factor: la persona debe activarlo en «Segundo factor» de Administrar cuenta antes de ser administrador/a.',
  '{email} is not an administrator.': '{email} no es administrador/a.',
  'You cannot remove your own administrator access: ask another administrator.':
    'No puede quitarse su propio acceso de administrador/a: pídaselo a otro/a administrador/a.',
  'There is no such instructor.': 'Ese instructor o instructora no existe.',
  'There is no invitation to teach waiting for {email}: ask the office for one.':
    'No hay ninguna invitación para enseñar pendiente para {email}: pídala a la oficina.',
  'The invitation changed while you were accepting it: try again.':
    'La invitación cambió mientras usted la aceptaba: inténtelo de nuevo.',
  'There is no invitation waiting for that address.': 'No hay ninguna invitación pendiente para esa dirección.',
  'You are not an instructor of the programme: ask the office for an invitation.':
    'Usted no es instructor/a del programa: pida una invitación a la oficina.',
  'There is no such class among yours.': 'Esa clase no está entre las suyas.',
  'The child is not enrolled in that class.': 'El niño o la niña no está inscrito/a en esa clase.',
  'date: the class does not meet on {date}.': 'date: la clase no se reúne el {date}.',
  'classIds: there is no class {id}.': 'classIds: no existe la clase {id}.',
  'What would be removed has changed since the preview: look at the preview again.':
    'Lo que se eliminaría cambió desde la vista previa: revise la vista previa otra vez.',
  '{email} is not on the list of addresses the portal does not write to.':
    '{email} no está en la lista de direcciones a las que el portal no escribe.',
  'There is no such class, class group or semester.': 'No existe esa clase, ese grupo ni esa temporada.',
  'Nobody is in {audience} yet: there is no family to write to.':
    'Todavía no hay nadie en {audience}: no hay ninguna familia a quien escribir.',

  // The catalogue: semesters, classes, groups, meetings, sizes.
  'There is no such semester.': 'Esa temporada no existe.',
  'No semester is current yet: create one and make it current.':
    'Todavía no hay una temporada actual: cree una y márquela como actual.',
  'There is no such class.': 'Esa clase no existe.',
  'There is no such class group.': 'Ese grupo no existe.',
  'There is no class {id}.': 'No existe la clase {id}.',
  'This class belongs to no semester.': 'Esta clase no pertenece a ninguna temporada.',
  'This class is no longer offered.': 'Esta clase ya no se ofrece.',
  '{class} has no meeting on {date:date} at {phrase:time}.':
    '{class} no tiene ninguna sesión el {date:date} a las {phrase:time}.',
  '{hour}:{minute} AM': '{hour}:{minute} a. m.',
  '{hour}:{minute} PM': '{hour}:{minute} p. m.',
  'This meeting is cancelled already.': 'Esta sesión ya está cancelada.',
  '{class} is part of the class group {group}: remove it from the group first.':
    '{class} forma parte del grupo {group}: quítela del grupo primero.',
  'A class cannot move to another semester: create the class in that semester instead.':
    'Una clase no puede pasar a otra temporada: cree la clase en esa temporada.',
  'semesterId: there is no such semester': 'semesterId: esa temporada no existe',
  'classIds[{index}]: there is no class {id}': 'classIds[{index}]: no existe la clase {id}',
  'classIds[{index}]: {class} belongs to another semester': 'classIds[{index}]: {class} es de otra temporada',
  'sizes[{index}].code: {code} is listed twice': 'sizes[{index}].code: {code} aparece dos veces',
  'sizes: {code} ({label}) is missing: retire a size rather than removing it':
    'sizes: falta {code} ({label}): retire la talla en lugar de quitarla',
  'sizes: at least one size must be offered': 'sizes: debe ofrecerse al menos una talla',
  'to: must not be before from': 'to: no puede ser anterior a from',
  'to: the range may span at most {days} days': 'to: el intervalo puede abarcar como máximo {days} días',
  'The capacity cannot be lower than the {count} students already enrolled.':
    'La capacidad no puede ser menor que los {count} estudiantes ya inscritos.',
  '{class} has no free seat: raise its capacity or cancel an enrollment first.':
    '{class} no tiene ningún lugar libre: aumente su capacidad o cancele antes una inscripción.',

  // Registration: when it opens, the gates, the caps.
  'Registration for {semester} opens on {date:when}.': 'Las inscripciones para {semester} abren el {date:when}.',
  'Registration for {semester} closed on {date:when}.': 'Las inscripciones para {semester} cerraron el {date:when}.',
  'Registration for {semester} is not open.': 'Las inscripciones para {semester} no están abiertas.',
  'Registration for {semester} opens': 'Las inscripciones para {semester} abren',
  'Requests for {semester} open': 'Las solicitudes para {semester} abren',
  '{phrase:opening} for {window} on {date:when}.': '{phrase:opening} para {window} el {date:when}.',
  '{semester} has no lottery: enroll on Class Registration.':
    '{semester} no tiene sorteo: inscríbase en Inscripción a clases.',
  'Requests for {semester} closed on {date:when}.': 'Las solicitudes para {semester} cerraron el {date:when}.',
  'Requests for {semester} open on {date:when}.': 'Las solicitudes para {semester} abren el {date:when}.',
  'Seats in {semester} are given by a lottery draw: {phrase:requests}. The seats left after the draw open to everyone on {date:when}.':
    'Los lugares de {semester} se asignan por sorteo: {phrase:requests}. Los lugares que queden después del sorteo se abren para todos el {date:when}.',
  'send your requests from {date:from} to {date:to}': 'envíe sus solicitudes del {date:from} al {date:to}',
  'requests closed on {date:when}': 'las solicitudes cerraron el {date:when}',
  '{class} is closed to new enrollments.': '{class} ya no acepta inscripciones nuevas.',
  'A family can enroll at most {cap} child in one class.':
    'Cada familia puede inscribir como máximo a {cap} niño o niña en una clase.',
  'A family can enroll at most {cap} children in one class.':
    'Cada familia puede inscribir como máximo a {cap} niños en una clase.',
  'A family can hold at most {cap} enrollments (enrolled or waitlisted) in one semester.':
    'Cada familia puede tener como máximo {cap} inscripciones (inscritos o en lista de espera) en una temporada.',
  'grades up to {grade}': 'los grados hasta el {grade}',
  'grades {grade} and up': 'los grados desde el {grade}',
  'grade {grade}': 'el grado {grade}',
  'grades {from}–{to}': 'los grados {from} a {to}',
  // Pre-K and K are prekínder and kínder, not grades by number.
  'grade K': 'kínder',
  'grade Pre-K': 'prekínder',
  'grades up to K': 'prekínder y kínder',
  'grades up to Pre-K': 'prekínder',
  'grades K and up': 'kínder y los grados siguientes',
  'grades Pre-K and up': 'prekínder y los grados siguientes',
  'grades Pre-K–K': 'prekínder y kínder',
  'grades Pre-K–{to}': 'prekínder hasta el grado {to}',
  'grades K–{to}': 'kínder hasta el grado {to}',
  "{class} is for {phrase:grades}: add {name}'s school grade to their details first.":
    '{class} es para {phrase:grades}: primero agregue el grado escolar de {name} a sus datos.',
  '{class} is for {phrase:grades}, and {name} is in grade K.':
    '{class} es para {phrase:grades}, y {name} está en kínder.',
  '{class} is for {phrase:grades}, and {name} is in grade Pre-K.':
    '{class} es para {phrase:grades}, y {name} está en prekínder.',
  '{class} is for {phrase:grades}, and {name} is in grade {grade}.':
    '{class} es para {phrase:grades}, y {name} está en el grado {grade}.',
  '{name} is already on the waitlist for {class}.': '{name} ya está en la lista de espera de {class}.',
  '{name} is already enrolled in {class}.': '{name} ya está inscrito/a en {class}.',

  // A child's details and the policies before enrolling.
  'Please check that {name}\'s details are still right before enrolling: {phrase:confirmed}. Open {name2}\'s details, check the health notes, contacts and pick-up adults, and press "These details are right" (or save them with your changes).':
    'Antes de inscribir, revise que los datos de {name} sigan siendo correctos: {phrase:confirmed}. Abra los datos de {name2}, revise las notas de salud, los contactos y los adultos que pueden recogerle, y pulse «Estos datos son correctos» (o guárdelos con sus cambios).',
  'they were last confirmed on {date:date}': 'se confirmaron por última vez el {date:date}',
  'they have never been confirmed': 'nunca se han confirmado',
  'Before {name} can be enrolled for {semester}, please read and accept this policy: {titles}.':
    'Antes de inscribir a {name} en {semester}, lea y acepte esta norma: {titles}.',
  'Before {name} can be enrolled for {semester}, please read and accept these policies: {titles}.':
    'Antes de inscribir a {name} en {semester}, lea y acepte estas normas: {titles}.',
  'Before {name} can be enrolled, please read and accept this policy: {titles}.':
    'Antes de inscribir a {name}, lea y acepte esta norma: {titles}.',
  'Before {name} can be enrolled, please read and accept these policies: {titles}.':
    'Antes de inscribir a {name}, lea y acepte estas normas: {titles}.',
  'A policy changed while you were reading it, or no longer applies: please read the policies as they are now and accept them again.':
    'Una norma cambió mientras usted la leía, o ya no corresponde: lea las normas como están ahora y acéptelas otra vez.',

  // Enrollments: cancel, move, waitlists, offers, answers.
  'There is no such enrollment on your account.': 'Esa inscripción no existe en su cuenta.',
  'There is no such enrollment request.': 'Esa solicitud de inscripción no existe.',
  'This enrollment is already cancelled.': 'Esta inscripción ya está cancelada.',
  'A group enrollment moves as a whole: cancel it and enroll the student again.':
    'Una inscripción en grupo se cambia completa: cancélela e inscriba de nuevo al estudiante.',
  'The student is already in this class.': 'El o la estudiante ya está en esta clase.',
  '{class} belongs to another semester.': '{class} es de otra temporada.',
  'The student is already {status} in {class}.': 'El o la estudiante ya está {status} en {class}.',
  'The student is already enrolled in {class}.': 'El o la estudiante ya está inscrito/a en {class}.',
  'The student is already waitlisted in {class}.': 'El o la estudiante ya está en la lista de espera de {class}.',
  'There is no such student any more: cancel this enrollment instead.':
    'Ese estudiante ya no existe: cancele esta inscripción.',
  '{name} already waits for a seat in {class}, keeping this one: leave that waitlist on My Enrollments first.':
    '{name} ya espera un lugar en {class} sin soltar este: primero salga de esa lista de espera en Mis inscripciones.',
  "{to} has no seat left, so {name} stays in {from}. To wait for a seat there, move {name2} onto its waitlist: the seat in {from2} is kept until one in {to2} is {name3}'s.":
    '{to} no tiene lugares libres, así que {name} se queda en {from}. Para esperar un lugar allí, pase a {name2} a su lista de espera: el lugar en {from2} se conserva hasta que {name3} tenga uno en {to2}.',
  'Only a child who holds a seat can move: a waiting child can leave the waitlist and enroll elsewhere.':
    'Solo puede cambiarse de clase un niño o niña que ya tiene lugar: quien está esperando puede salir de la lista de espera e inscribirse en otra clase.',
  'Families are enrolling in {class} right now, and their requests go first: try the move again in a few minutes.':
    'Ahora mismo hay familias inscribiéndose en {class}, y sus solicitudes van primero: intente el cambio de nuevo en unos minutos.',
  "Families could move or drop {semester}'s classes until {date:when}. To change a class now, write to {email}.":
    'Las familias podían cambiar o dejar las clases de {semester} hasta el {date:when}. Para cambiar una clase ahora, escriba a {email}.',
  "Families could move or drop {semester}'s classes until {date:when}. To change a class now, write to the programme.":
    'Las familias podían cambiar o dejar las clases de {semester} hasta el {date:when}. Para cambiar una clase ahora, escriba al programa.',
  'This seat is already taken: enrolled.': 'Este lugar ya está ocupado: la inscripción está hecha.',
  'No seat is offered for this enrollment: the offer lapsed or was declined.':
    'No hay ninguna oferta de lugar para esta inscripción: la oferta venció o fue rechazada.',
  'This offer lapsed: its deadline passed, so the seat went to the next in line.':
    'Esta oferta venció: pasó su plazo, así que el lugar pasó a quien seguía en la lista.',
  "{phrase:grades} If {name}'s grade is wrong, correct it in their details and accept again before the offer lapses; otherwise the seat goes to the next in line when it does.":
    '{phrase:grades} Si el grado de {name} está mal, corríjalo en sus datos y vuelva a aceptar antes de que venza la oferta; si no, al vencer, el lugar pasa a quien sigue en la lista.',
  'This enrollment is not on a waitlist.': 'Esta inscripción no está en una lista de espera.',
  'This group enrollment is not waiting in every class of its group.':
    'Esta inscripción en grupo no está esperando en todas las clases de su grupo.',
  'This enrollment is cancelled: its answers can no longer be changed.':
    'Esta inscripción está cancelada: sus respuestas ya no se pueden cambiar.',
  '{class} started on {date:date}: the answers given can no longer be changed here. Please contact the programme if one of them is wrong.':
    '{class} empezó el {date:date}: las respuestas ya no se pueden cambiar aquí. Si alguna está mal, comuníquese con el programa.',
  'This question is not asked for this enrollment': 'Esta pregunta no se hace para esta inscripción',
  'A unit of this draw takes more writes than one transaction holds.':
    'Una parte de este sorteo necesita más escrituras de las que caben en una transacción.',
  'Another administrator changed these questions meanwhile. They are shown as they are now: make your change again.':
    'Otro/a administrador/a cambió estas preguntas mientras tanto. Se muestran como están ahora: vuelva a hacer su cambio.',

  // Fair start and allocation settings.
  '{semester} has no fair start.': '{semester} no tiene inicio justo.',
  "The record of {semester}'s fair start holds its seed, which stays secret until the last draw, on {date:when}: download it from then.":
    'El registro del inicio justo de {semester} contiene su semilla, que es secreta hasta el último sorteo, el {date:when}: descárguelo a partir de entonces.',
  'priorityWindows[{index}].opens: must be before requests open for everyone':
    'priorityWindows[{index}].opens: debe ser antes de que las solicitudes abran para todos',
  'priorityWindows[{index}].opens: must be before registration open for everyone':
    'priorityWindows[{index}].opens: debe ser antes de que las inscripciones abran para todos',
  'priorityWindows[{index}].opens: must be before registration closes':
    'priorityWindows[{index}].opens: debe ser antes de que cierren las inscripciones',
  'lottery.seatsOpen: must be before registration for the semester closes':
    'lottery.seatsOpen: debe ser antes de que cierren las inscripciones de la temporada',
  'fairStart: a lottery gives its seats by its draw; a fair start is for first come first served':
    'fairStart: un sorteo asigna sus lugares por sorteo; el inicio justo es para el orden de llegada',
  'fairStart: set when registration for {semester} opens first: the draw is counted from it':
    'fairStart: primero indique cuándo abren las inscripciones para {semester}: el sorteo se cuenta desde entonces',

  // The lottery.
  'This child has no request in the lottery.': 'Este niño o niña no tiene ninguna solicitud en el sorteo.',
  'The draw for {semester} has been run: requests can no longer change.':
    'El sorteo de {semester} ya se hizo: las solicitudes ya no pueden cambiar.',
  'choices: must hold at most {most} choice': 'choices: debe tener como máximo {most} opción',
  'choices: must hold at most {most} choices': 'choices: debe tener como máximo {most} opciones',
  '{field}: there is no class group {id}': '{field}: no existe el grupo {id}',
  '{field}: there is no class {id}': '{field}: no existe la clase {id}',
  '{field}: {class} is not a class of {semester}': '{field}: {class} no es una clase de {semester}',
  '{field}: {class} is closed to new enrollments': '{field}: {class} ya no acepta inscripciones nuevas',
  'The draw for {semester} is published already: its seed can no longer change.':
    'El sorteo de {semester} ya está publicado: su semilla ya no puede cambiar.',
  'The draw for {semester} is being published: its seed can no longer change.':
    'El sorteo de {semester} se está publicando: su semilla ya no puede cambiar.',
  '{semester} has no committed seed: set a lottery in its allocation settings first.':
    '{semester} no tiene una semilla comprometida: configure primero un sorteo en sus ajustes de asignación.',
  "The seed of {semester}'s lottery was changed meanwhile: look at its commitment before changing it.":
    'La semilla del sorteo de {semester} cambió mientras tanto: revise su compromiso antes de cambiarla.',
  'The seed was changed meanwhile: run the draw again to draw with the new one.':
    'La semilla cambió mientras tanto: vuelva a hacer el sorteo con la nueva.',
  '{semester} has no draw to publish: run the draw first.':
    '{semester} no tiene ningún sorteo para publicar: haga el sorteo primero.',
  'Another draw was run meanwhile: look at its preview before publishing it.':
    'Mientras tanto se hizo otro sorteo: revise su vista previa antes de publicarlo.',
  'Another draw of {semester} is published already.': 'Ya hay otro sorteo de {semester} publicado.',
  'Another draw of {semester} is being published already.': 'Ya se está publicando otro sorteo de {semester}.',
  'The seed was changed after this draw: run the draw again with the new seed before publishing it.':
    'La semilla cambió después de este sorteo: vuelva a hacer el sorteo con la nueva semilla antes de publicarlo.',
  '{semester} has no lottery: set one in its allocation settings first.':
    '{semester} no tiene sorteo: configure uno primero en sus ajustes de asignación.',
  'Requests for {semester} are taken until {date:when}: run the draw once they close.':
    'Las solicitudes para {semester} se reciben hasta el {date:when}: haga el sorteo cuando cierren.',
  'The draw for {semester} is published already.': 'El sorteo de {semester} ya está publicado.',
  'The draw for {semester} is being published: it can no longer be run again.':
    'El sorteo de {semester} se está publicando: ya no se puede volver a hacer.',
  'Another draw was run meanwhile: look at it before running the draw again.':
    'Mientras tanto se hizo otro sorteo: revíselo antes de volver a hacer el sorteo.',
  'Another draw was run or published meanwhile: look at it before running the draw again.':
    'Mientras tanto se hizo o publicó otro sorteo: revíselo antes de volver a hacer el sorteo.',

  // Families: guardians, invitations, students, the account.
  'There is no such student on your account.': 'Ese estudiante no está en su cuenta.',
  'Your account has no e-mail address on file: sign in again and retry.':
    'Su cuenta no tiene un correo electrónico registrado: vuelva a iniciar sesión e inténtelo de nuevo.',
  'Your family changed meanwhile. Please try again.': 'Su familia cambió mientras tanto. Inténtelo de nuevo.',
  'The family changed meanwhile. Please try again.': 'La familia cambió mientras tanto. Inténtelo de nuevo.',
  'This invitation is no longer valid: it was accepted, cancelled or it expired. Ask the guardian who sent it for a new one.':
    'Esta invitación ya no es válida: fue aceptada, cancelada o venció. Pida una nueva al tutor o la tutora que se la envió.',
  '{email} is already a guardian of your family.': '{email} ya es tutor/a de su familia.',
  'A family has at most {max} guardians: remove one before inviting another.':
    'Una familia tiene como máximo {max} tutores: quite a uno antes de invitar a otro.',
  '{email} has an invitation waiting already: cancel it to send a new one.':
    '{email} ya tiene una invitación pendiente: cancélela para enviar una nueva.',
  'Your family has {count} invitations waiting: cancel one before sending another.':
    'Su familia tiene {count} invitaciones pendientes: cancele una antes de enviar otra.',
  'There is no such invitation waiting.': 'No hay ninguna invitación pendiente así.',
  'This invitation was sent to another e-mail address than the one you are signed in with. Sign out, then sign in with the address it was sent to (or create an account with it) and open the link again; or ask for an invitation to your own address.':
    'Esta invitación se envió a un correo electrónico distinto del de su sesión. Cierre sesión, inicie sesión con el correo al que se envió (o cree una cuenta con él) y abra el enlace otra vez; o pida una invitación a su propio correo.',
  'This family has {max} guardians already: one must leave before you join.':
    'Esta familia ya tiene {max} tutores: uno debe salir antes de que usted se una.',
  'The family changed while you were joining it. Please try again.':
    'La familia cambió mientras usted se unía. Inténtelo de nuevo.',
  'Your account already has children on it. To join this family, remove them from your account first (Manage Account), or ask this family to add them; or keep your own account for them.':
    'Su cuenta ya tiene niños. Para unirse a esta familia, quítelos primero de su cuenta (Administrar cuenta), o pida a esta familia que los agregue; o conserve su propia cuenta para ellos.',
  'You are a guardian of another family. Leave it first (Manage Account, Guardians), then accept this invitation.':
    'Usted es tutor/a de otra familia. Salga primero de ella (Administrar cuenta, Tutores) y luego acepte esta invitación.',
  'This family has no guardian any more: ask for a new invitation.':
    'Esta familia ya no tiene tutores: pida una invitación nueva.',
  'There is no such guardian in your family.': 'Ese tutor o tutora no está en su familia.',
  "You are your family's only guardian, so you cannot leave it. To close the family, delete your account: its enrollments are cancelled and its children removed.":
    'Usted es el único tutor o la única tutora de su familia, así que no puede salir de ella. Para cerrar la familia, elimine su cuenta: se cancelan sus inscripciones y se quitan sus niños.',
  "That is your family's only other guardian, and a family keeps at least one.":
    'Es el único otro tutor o tutora de su familia, y una familia conserva al menos uno.',
  'Another guardian joined your family meanwhile. Please try again.':
    'Otro tutor o tutora se unió a su familia mientras tanto. Inténtelo de nuevo.',
  'The account changed while it was being deleted. Please try again.':
    'La cuenta cambió mientras se eliminaba. Inténtelo de nuevo.',
  '{name} is enrolled or waitlisted in {count} class: cancel those enrollments first.':
    '{name} está inscrito/a o en lista de espera en {count} clase: cancele esa inscripción primero.',
  '{name} is enrolled or waitlisted in {count} classes: cancel those enrollments first.':
    '{name} está inscrito/a o en lista de espera en {count} clases: cancele esas inscripciones primero.',
  '{name} is enrolled or waitlisted in some classes: cancel those enrollments first.':
    '{name} está inscrito/a o en lista de espera en algunas clases: cancele esas inscripciones primero.',
  'A family can have at most {max} students.': 'Una familia puede tener como máximo {max} estudiantes.',
  '{name}, born {date:date}, is already one of your students.':
    '{name}, nacido/a el {date:date}, ya es uno de sus estudiantes.',
  'tshirtSize: "{code}" is not a size we offer (choose one of {sizes})':
    'tshirtSize: «{code}» no es una talla que ofrecemos (elija una de estas: {sizes})',
  'birthDate: must be in the past': 'birthDate: debe ser una fecha pasada',
  'Another guardian must receive the e-mails about enrollment changes before you switch them off.':
    'Otro tutor o tutora debe recibir los correos sobre cambios de inscripción antes de que usted los desactive.',
  "You are the family's only guardian: the e-mails about enrollment changes always go to you.":
    'Usted es el único tutor o la única tutora de la familia: los correos sobre cambios de inscripción siempre le llegan a usted.',

  // Policies and questions, as administrators publish them.
  'This policy was published already.': 'Esta norma ya se publicó.',
  'There is no such policy.': 'Esa norma no existe.',
  'Version {version} of this policy was published meanwhile: read it, then publish your changes again.':
    'Mientras tanto se publicó la versión {version} de esta norma: léala y vuelva a publicar sus cambios.',

  // A field's problem (the payload's checks, the answers to questions, the configuration), after "field: ".
  'cursor: is not a valid cursor': 'cursor: no es un cursor válido',
  'is not a valid cursor': 'no es un cursor válido',
  'needs an answer': 'necesita una respuesta',
  'must be text': 'debe ser texto',
  'must be at most {max} characters': 'debe tener como máximo {max} caracteres',
  'must not contain line breaks or control characters': 'no puede tener saltos de línea ni caracteres de control',
  'must be one of: {options}': 'debe ser una de estas opciones: {options}',
  'must be yes or no': 'debe ser sí o no',
  'must be a number': 'debe ser un número',
  'must be at most {max}': 'debe ser como máximo {max}',
  'must be at least {min}': 'debe ser como mínimo {min}',
  'must be from {min} to {max}': 'debe estar entre {min} y {max}',
  'must be a web address starting with https://': 'debe ser una dirección web que empiece con https://',
  'must be a whole number of at least 1': 'debe ser un número entero de 1 o más',
  'must be a whole number of days, 1 to 30': 'debe ser un número entero de días, de 1 a 30',
  'must be a date written YYYY-MM-DD': 'debe ser una fecha escrita AAAA-MM-DD',
  'must be an e-mail address': 'debe ser un correo electrónico',
  "must be a time zone name such as America/Denver (the IANA name of the programme's place)":
    'debe ser el nombre de una zona horaria, como America/Denver (el nombre IANA del lugar del programa)',
  'must be today or earlier ({zone}): until a later day comes, no confirmation would count and families could not enroll':
    'debe ser hoy o antes ({zone}): hasta que llegue un día posterior, ninguna confirmación contaría y las familias no podrían inscribirse',
  'is not a real date': 'no es una fecha real',
  'must be 1900-01-01 or later': 'debe ser 1900-01-01 o posterior',
  'must be an ISO 8601 date and time': 'debe ser una fecha y hora ISO 8601',
  'is required': 'es obligatorio',
  'is too long': 'es demasiado largo',
  'may hold only letters, digits, "-" and "_"': 'solo puede tener letras, dígitos, «-» y «_»',
  'must not contain control characters': 'no puede tener caracteres de control',
  'must be a whole number': 'debe ser un número entero',
  'must be -1 (pre-K) to 12': 'debe ser de -1 (prekínder) a 12',
  'must be a time written HH:MM': 'debe ser una hora escrita HH:MM',
  'must end after it starts': 'debe terminar después de empezar',
  'must hold at most 200 meetings': 'debe tener como máximo 200 sesiones',
  'must be 0 to 10000': 'debe ser de 0 a 10000',
  'must not be below the lowest grade': 'no puede ser menor que el grado más bajo',
  'must hold at least two classes': 'debe tener al menos dos clases',
  'must hold at most 20 classes': 'debe tener como máximo 20 clases',
  'must not list a class twice': 'no puede incluir una clase dos veces',
  'must be 1 to {max} hours': 'debe ser de 1 a {max} horas',
  'must not be before the start date': 'no puede ser anterior a la fecha de inicio',
  'must be after registration opens': 'debe ser después de que abran las inscripciones',
  'must not hold a value named __proto__': 'no puede tener un valor llamado __proto__',
  'must be a name of letters and digits': 'debe ser un nombre de letras y dígitos',
  'must hold at most 40 values': 'debe tener como máximo 40 valores',
  'must be a phone number': 'debe ser un número de teléfono',
  'is not a known size': 'no es una talla conocida',
  'must list at least one contact': 'debe incluir al menos un contacto',
  'must list at most five contacts': 'debe incluir como máximo cinco contactos',
  'must list at most {max} adults': 'debe incluir como máximo {max} adultos',
  'must be a version number': 'debe ser un número de versión',
  'give the version you read with the policy you publish again (and none for a new policy)':
    'indique la versión que leyó junto con la norma que vuelve a publicar (y ninguna si la norma es nueva)',
  'must list at least one policy': 'debe incluir al menos una norma',
  'must list at most 50 policies': 'debe incluir como máximo 50 normas',
  'is not an enrollment request id': 'no es un identificador de solicitud de inscripción',
  'is not an enrollment id': 'no es un identificador de inscripción',
  'is not a question id': 'no es un identificador de pregunta',
  'must be 1 to {max}': 'debe ser de 1 a {max}',
  'must list at least two options': 'debe incluir al menos dos opciones',
  'must list one Spanish option for each option (an empty one for an option left in English)':
    'debe incluir una opción en español por cada opción (vacía si la opción queda en inglés)',
  'must list at most 30 options': 'debe incluir como máximo 30 opciones',
  'must not list an option twice': 'no puede incluir una opción dos veces',
  'must not be below the lowest number': 'no puede ser menor que el número más bajo',
  'must hold at most {max} questions': 'debe tener como máximo {max} preguntas',
  'must not list a question twice': 'no puede incluir una pregunta dos veces',
  'must hold at most one answer per question': 'debe tener como máximo una respuesta por pregunta',
  'must not answer a question twice': 'no puede responder una pregunta dos veces',
  'must be e-mail addresses': 'deben ser correos electrónicos',
  'must be 1 to 5': 'debe ser de 1 a 5',
  'must be after requests open': 'debe ser después de que abran las solicitudes',
  'must be after requests close': 'debe ser después de que cierren las solicitudes',
  'must not be before the results are sent': 'no puede ser antes de que se envíen los resultados',
  'must list at most 5000 addresses': 'debe incluir como máximo 5000 direcciones',
  'must list e-mail addresses or take the families of last semester':
    'debe incluir correos electrónicos o tomar las familias de la temporada pasada',
  'must be 1 to 60': 'debe ser de 1 a 60',
  'must be at most 10 windows': 'debe tener como máximo 10 ventanas',
  'must hold at least one choice': 'debe tener al menos una opción',
  'must hold at most 5 choices': 'debe tener como máximo 5 opciones',
  'must not hold a choice twice': 'no puede tener una opción dos veces',
  'must be a commitment: 64 hexadecimal digits': 'debe ser un compromiso: 64 dígitos hexadecimales',
  'give either classId or groupId': 'indique classId o groupId, no ambos',
  'give either semesterId or classId': 'indique semesterId o classId, no ambos',
  'is not an invitation token': 'no es un código de invitación',
  'is not an invitation token: copy the whole link from the e-mail':
    'no es un código de invitación: copie el enlace completo del correo',
  'is not a guardian': 'no es un tutor o una tutora',
  'must list at most {max} classes': 'debe incluir como máximo {max} clases',
  'must list at least one class': 'debe incluir al menos una clase',
  'must list at most 50 classes': 'debe incluir como máximo 50 clases',
  'must list at least one {what}': 'debe incluir al menos un elemento ({what})',
  'must list at most 100 {what}s': 'debe incluir como máximo 100 elementos ({what})',
  'must list at least one group': 'debe incluir al menos un grupo',
  'must list at most 100 groups': 'debe incluir como máximo 100 grupos',
  'must list at most 100 classes': 'debe incluir como máximo 100 clases',
  'must list at least one semester': 'debe incluir al menos una temporada',
  'must list at most 20 semesters': 'debe incluir como máximo 20 temporadas',
  'is not an invitation id': 'no es un identificador de invitación',
  'give either sub or invitationId': 'indique sub o invitationId, no ambos',
  'is not a moment the questions were saved': 'no es un momento en que se guardaron las preguntas',
  'must be at least 1': 'debe ser como mínimo 1',
  'must be at most 500': 'debe ser como máximo 500',
  'must list at least one size': 'debe incluir al menos una talla',
  'must list at most 40 sizes': 'debe incluir como máximo 40 tallas',
  'is not a mail request id': 'no es un identificador de envío de correo',
  'must list at most 500 e-mails': 'debe incluir como máximo 500 correos',
  'is not a message id': 'no es un identificador de mensaje',
  'must be at most 50': 'debe ser como máximo 50',
  'must list at most 200 semesters': 'debe incluir como máximo 200 temporadas',
  'must be at most 1000': 'debe ser como máximo 1000',
  'give either sub or email': 'indique sub o email, no ambos',

  // Zod's own words, for a check that gives none (a wrong type, an unknown option): a client's fault, never a form's.
  'Invalid input': 'Dato no válido',
  'Invalid input: expected {expected}, received {received}':
    'Dato no válido: se esperaba {expected} y se recibió {received}',
  'Invalid option: expected one of {options}': 'Opción no válida: se esperaba una de {options}',
};
