import { PRINCIPALS, type Principal } from './world.js';

/**
 * Who may call what: the expected answer of every API route and every command for each principal,
 * written from the specification (part 1, 2.1, 6 and 7; part 2, 2.1, 4.4, 6 and 7; part 3) and
 * docs/permissions.md, NOT from the code's own declarations. route-matrix.test.ts calls each cell.
 *
 *   ok   the call reaches its rule: any answer but 401, 403, 404 and 5xx (400, 409, 422 and 429
 *        are rule answers on the real rows of promotion A)
 *   401  nobody signed in, or a revoked session
 *   403  a role the specification does not give the call to
 *   404  the row belongs to another promotion (the outsider names A's ids): hidden as if missing
 *   no   refused either way (403 or 404): a row of the caller's promotion he may not see
 *
 * Principals: the eight roles, all members of promotion A; adm = a broker with the admin flag
 * (member of no promotion: admins see them all); lig = the light investor (restricted access);
 * ano = no token; rev = a token closed by logout; out = a broker (agency Léman) of promotion B only,
 * calling with A's ids. Lists are called with ?promotion=A, so the outsider's answer is 404.
 *
 * A GET route also answers HEAD (Fastify adds it): the HEAD route follows its GET row.
 */
// biome-ignore format: a table is read as a table
export const ROUTE_TABLE: readonly (readonly [route: string, cells: string, source: string])[] = [
  //                                                              bro pro ban arc not can pil inv adm lig ano rev out
  ['GET /api/health',                                            'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok ', 'public: the load balancer checks it'],
  ['GET /api/openapi.json',                                      'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok ', 'public: the API reference, generated from the catalogue (docs/architecture.md)'],
  ['GET /api/docs',                                              'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok ', 'public: the readable page of the API reference'],
  ['GET /api/docs/:asset',                                       'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok ', 'public: the scripts and style of the reference page'],
  ['POST /api/login',                                            'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok ', 'public: docs/product/access.md#login sign-in'],
  ['POST /api/logout',                                           'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 ok ', 'docs/product/access.md#home-route-by-user-type every signed-in user logs out'],
  ['POST /api/password/create',                                  'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok ', 'public: docs/product/calls.md#auth-and-user reset request'],
  ['GET /api/password/find/:token',                              'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok ', 'public: docs/product/calls.md#auth-and-user /password/update/{token}'],
  ['POST /api/password/reset',                                   'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok ', 'public: docs/product/calls.md#auth-and-user'],
  ['POST /api/askdemo',                                          'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok ', 'public: docs/product/calls.md#auth-and-user /demo'],
  ['GET /api/user',                                              'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 ok ', 'docs/product/calls.md#auth-and-user the current user'],
  ['GET /api/user/preferences',                                  'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 ok ', 'docs/product/calls.md#auth-and-user'],
  ['GET /api/user/promotions',                                   'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 ok ', 'docs/product/calls.md#auth-and-user the promotion picker'],
  ['GET /api/user/promotion',                                    'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 ok ', 'docs/product/calls.md#auth-and-user'],
  ['PUT /api/user/promotion',                                    'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 404', 'docs/product/calls.md#auth-and-user; A is not the outsider\'s'],
  ['POST /api/user/update',                                      'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 ok ', 'docs/product/layout.md /settings: all eight roles'],
  ['PUT /api/user/password',                                     'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 ok ', 'docs/product/layout.md /settings: all eight roles'],
  ['PUT /api/user/notifications',                                'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 ok ', 'docs/product/access.md#account-screen: every signed-in user, his own preference'],
  ['POST /api/unsubscribe/:token',                               'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok ', 'public: the e-mailed token is the permission (RFC 8058 one-click, decision 025)'],
  ['GET /api/unsubscribe/:token',                                'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok ', 'public: the e-mailed address opened in a browser, 303 to the confirmation page'],
  ['GET /api/brokers',                                           'ok  ok  ok  ok  ok  403 403 403 ok  403 401 401 404', 'permission broker.list: the broker filter (promoter, banker, architect), task assignees, assistants; docs/product/access.md#who-may-do-what a notary writes to a broker'],
  ['GET /api/investors',                                         '403 403 403 403 403 403 ok  403 403 403 401 401 403', 'docs/product/access.md#who-may-do-what a pilot writes to an investor'],
  ['GET /api/pilots',                                            '403 403 403 403 403 403 403 ok  403 ok  401 401 403', 'docs/product/access.md#who-may-do-what an investor writes to a pilot'],
  ['POST /api/brokers/:id/assistants/:assistantId',              'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission assistant.add'],
  ['DELETE /api/brokers/:id/assistants/:assistantId',            '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission assistant.remove (admin only)'],
  ['GET /api/images/:uuid',                                      'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok ', 'public: img tags send no token (unguessable uuid)'],
  ['GET /api/app/filters',                                       'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 404', 'docs/product/calls.md#auth-and-user; the filters of promotion A'],
  ['GET /api/notifications',                                     'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 ok ', 'docs/product/calls.md#notifications: his own'],
  ['GET /api/events',                                            'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 ok ', 'issue 21: every signed-in user follows his own live events, filtered by what he may read (docs/architecture.md)'],
  ['GET /api/notifications/count',                               'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 ok ', 'docs/product/calls.md#notifications: his own'],
  ['PUT /api/notifications/:id/read',                            'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 404', 'docs/product/calls.md#notifications: his own; the outsider names another user\'s'],
  ['GET /api/admin/mails',                                       '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission outbox.read (admin only)'],
  ['POST /api/app/executeCommand',                               'cmd', 'one row per command in COMMAND_TABLE'],
  ['POST /api/commands/:name',                                   'cmd', 'one row per command in COMMAND_TABLE'],
  ['GET /api/files/:uuid/download',                              'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok ', 'public: the signature is the permission'],
  ['POST /api/candidacies/files',                                'ok  ok  ok  ok  ok  403 403 403 ok  403 401 401 404', 'permission file.upload; docs/product/access.md#who-may-do-what'],
  ['DELETE /api/candidacies/files/:id',                          'ok  ok  403 403 403 ok  403 403 ok  403 401 401 404', 'permission file.delete; docs/product/access.md#who-may-do-what (the candidate uploaded it)'],
  ['GET /api/file-url/:uuid',                                    'ok  ok  ok  ok  ok  ok  no  no  ok  no  401 401 404', 'docs/product/access.md#who-may-do-what candidacy files: the uploaders\' roles and the candidate himself'],
  ['POST /api/threads',                                          'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 404', 'docs/product/access.md#route-table /messages: all eight roles'],
  ['GET /api/threads/promotions-unread-summary',                 'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 ok ', 'docs/product/calls.md#threads: his own unread messages per promotion (the header\'s badges)'],
  ['GET /api/threads',                                           'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 404', 'docs/product/access.md#route-table /messages: all eight roles; the threads of promotion A'],
  ['GET /api/threads/recipients',                                'ok  403 403 403 ok  403 403 403 ok  403 401 401 404', 'docs/product/access.md#who-may-do-what thread recipients: a broker picks a candidate or a notary, a notary a candidate'],
  ['GET /api/threads/:id',                                       'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 404', 'docs/product/access.md#route-table /messages/{id}: each principal reads a thread he opened; the outsider names A\'s'],
  ['PUT /api/threads/:id/markAsRead',                            'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 404', 'docs/product/calls.md#threads: his own thread'],
  ['POST /api/threads/:id/reply',                                'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 404', 'docs/product/calls.md#threads: a reply in his own thread'],
  ['GET /api/candidacies',                                       'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/access.md#route-table /candidats: broker'],
  ['GET /api/candidacies/all',                                   'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/access.md#route-table /candidats: broker'],
  ['GET /api/candidacies/download',                              'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission candidacy.download'],
  ['GET /api/candidacies/:id',                                   'ok  ok  ok  ok  ok  ok  403 403 ok  403 401 401 404', 'docs/product/calls.md#direct-application-calls single load by the funnel\'s roles; the candidate his own'],
  ['GET /api/candidates',                                        'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/access.md#route-table /candidats: broker'],
  ['GET /api/candidates/:id',                                    'ok  403 403 403 403 ok  403 403 ok  403 401 401 404', 'docs/product/access.md#route-table /candidate/{id}: broker; the candidate his own record'],
  ['GET /api/actions',                                           'ok  ok  ok  ok  ok  403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application tasksHistory (broker, notary, banker, promoter); docs/product/lots.md#screens tasks on the lots screen'],
  ['GET /api/promotions/:id/notary/actions',                     '403 403 403 403 ok  403 403 403 403 403 401 401 403', 'docs/product/access.md#who-may-do-what the notary\'s own actions list'],
  ['GET /api/actions/:id',                                       'ok  ok  ok  ok  ok  403 403 403 ok  403 401 401 404', 'docs/product/lots.md#screens show task on the staff screens'],
  ['POST /api/promotions/:id/lots/actions',                      'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission task.create'],
  ['PUT /api/promotions/:id/lots/actions/:actionId',             'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission task.edit'],
  ['POST /api/promotions/:id/applications/actions',              'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission task.create'],
  ['PUT /api/promotions/:id/applications/actions/:actionId',     'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission task.edit'],
  ['GET /api/logs',                                              'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission logs.read; docs/product/access.md#route-table /logs'],
  ['GET /api/lots/for-attribution',                              'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/candidates.md#screens attribute a lot (broker)'],
  ['GET /api/applications/partners',                             'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/candidates.md#screens attribute a lot (broker)'],
  ['GET /api/attribution/candidacies',                           'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/lots.md#screens attribute a lot (broker)'],
  ['GET /api/applications',                                      'ok  ok  ok  ok  ok  403 403 403 ok  403 401 401 404', 'docs/product/access.md#route-table /tunnel-de-vente'],
  ['GET /api/applications/download',                             'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission application.download'],
  ['GET /api/applications/:id',                                  'ok  ok  ok  ok  ok  403 403 403 ok  403 401 401 404', 'docs/product/access.md#route-table /tunnel-de-vente'],
  ['GET /api/applications/:publicId/pdf',                        'ok  ok  ok  403 ok  403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application downloadPdf'],
  ['GET /api/applications/public/:publicId',                     'ok  ok  ok  403 ok  ok  403 403 ok  403 401 401 404', 'docs/product/access.md#route-table /candidate/form/{id}'],
  ['PUT /api/applications/:id/markAsComplete',                   'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application validateReservationForm (broker)'],
  ['POST /api/applications/sendNotificationIncomplete/:id',      'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application unvalidateReservationForm (broker)'],
  ['POST /api/applications/complete/:id',                        'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application validateReservationForm (broker)'],
  ['POST /api/applications/:id/scheduleAgreement',               'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application scheduleAgreement (broker)'],
  ['POST /api/applications/:id/planActOfPurchase',               'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application planActOfPurchase (broker)'],
  ['POST /api/applications/:id/createPlanActOfPurchase',         'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application planActOfPurchase (broker)'],
  ['POST /api/applications/:id/reservation-deposit-received',    'ok  403 403 403 ok  403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application advanceDepositReceived (broker, notary)'],
  ['POST /api/applications/:id/deposit-received',                'ok  403 403 403 ok  403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application advanceDepositReceived (broker, notary)'],
  ['POST /api/applications/:id/client-solvent',                  'ok  403 ok  403 403 403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application ClientSolvent (broker, banker)'],
  ['POST /api/applications/:id/client-non-solvent',              'ok  403 ok  403 403 403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application clientNonSolvent (broker, banker)'],
  ['POST /api/applications/:id/confirm-received-agreement-funds','ok  403 403 403 ok  403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application agreementFundsReceived (broker, notary)'],
  ['POST /api/applications/:id/send-act',                        'ok  403 403 403 ok  403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application draftActSent (broker, notary)'],
  ['POST /api/applications/:id/sign-act',                        'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application actOfPurchaseSigned (broker)'],
  ['POST /api/applications/:id/send-call-for-funds',             'ok  403 403 403 ok  403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application callForFundsSent (broker, notary)'],
  ['GET /api/lots',                                              'ok  ok  ok  ok  ok  403 403 403 ok  403 401 401 404', 'docs/product/access.md#route-table /lots'],
  ['GET /api/candidate/lots',                                    '403 403 403 403 403 ok  403 403 403 403 401 401 403', 'docs/product/access.md#route-table /grille-des-prix: candidate'],
  ['GET /api/lots/download',                                     'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission lot.download'],
  ['GET /api/lots/public/:id',                                   'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok ', 'public: docs/product/registration.md#screens the registration page'],
  ['GET /api/lots/:id',                                          'ok  ok  ok  ok  ok  403 403 403 ok  403 401 401 404', 'docs/product/access.md#route-table /lots'],
  ['PUT /api/lots/:id',                                          'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permissions lot.changeStatus, lot.changePrice'],
  ['GET /api/lots_types',                                        'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 ok ', 'docs/product/calls.md reference data'],
  ['GET /api/lots_floors',                                       'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 ok ', 'docs/product/calls.md reference data'],
  ['GET /api/analytics/dashboard',                               'ok  ok  ok  ok  ok  403 ok  ok  ok  403 401 401 404', 'docs/product/access.md#route-table /dashboard; menu: not the light investor (issue 8, 10)'],
  ['GET /api/registration/:token',                               'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok ', 'public: docs/product/registration.md#screens'],
  ['POST /api/registration',                                     'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok ', 'public: docs/product/registration.md#screens'],
  ['GET /api/promotions/:id/registration-link',                  'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/registration.md#screens the broker shares the link'],
  ['GET /api/promotions',                                        'ok  403 403 403 403 403 403 403 ok  403 401 401 ok ', 'docs/product/promotion-administration.md#permissions brokers see the promotions list (their own)'],
  ['GET /api/promotions/:id',                                    'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/promotion-administration.md#permissions brokers see the promotion record'],
  ['POST /api/promotions',                                       '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'docs/product/promotion-administration.md#permissions only admins add a promotion'],
  ['PUT /api/promotions/:id/archive',                            '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission promotion.archive (admins): docs/product/promotion-administration.md#archived-promotion'],
  ['PUT /api/promotions/:id/restore',                            '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission promotion.archive (admins): an archived promotion restored'],
  ['POST /api/promotions/:id/settings',                          '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'docs/product/promotion-administration.md#permissions admins save the settings and change the logo'],
  ['GET /api/brokers/options',                                   '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'docs/product/promotion-administration.md#calls GET brokers: the admins\' main-broker and add-existing pickers'],
  ['GET /api/promotions/:id/crm',                                'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission crm.send: docs/product/promotion-administration.md#crm-send the button\'s state'],
  ['PUT /api/promotions/:id/send-to-crm',                        'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission crm.send: docs/product/promotion-administration.md#calls'],
  ['PUT /api/promotions/:id/crm',                                '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission crm.connect (admin only): docs/decisions/011-crm-connection-per-promotion.md'],
  ['GET /api/photoGroups',                                      'ok  ok  403 ok  403 ok  ok  ok  ok  ok  401 401 404', 'docs/product/progress.md#who-may-do-what: /progression for broker, promoter, candidate, architect, pilot, investor; hidden for notary and banker'],
  ['GET /api/photos',                                           'ok  ok  403 ok  403 ok  ok  ok  ok  ok  401 401 404', 'docs/product/progress.md#who-may-do-what: the carousel of an album, same readers'],
  ['POST /api/promotions/:id/photoGroups',                      'ok  403 403 403 403 403 ok  403 ok  403 401 401 404', 'docs/product/progress.md#who-may-do-what: brokers or pilots add albums'],
  ['PUT /api/promotions/:id/photoGroups/:groupId',              'ok  403 403 403 403 403 ok  403 ok  403 401 401 404', 'docs/product/progress.md#who-may-do-what: staff edit (brokers and pilots, section 6)'],
  ['DELETE /api/promotions/:id/photoGroups/:groupId',           'ok  403 403 403 403 403 ok  403 ok  403 401 401 404', 'docs/product/progress.md#who-may-do-what: staff delete (brokers and pilots, section 6)'],
  ['POST /api/promotions/:id/photos',                           'ok  403 403 403 403 403 ok  403 ok  403 401 401 404', 'docs/product/progress.md#who-may-do-what: brokers or pilots add photos (not demo users)'],
  ['DELETE /api/promotions/:id/photos/:photoId',                'ok  403 403 403 403 403 ok  403 ok  403 401 401 404', 'docs/product/progress.md#who-may-do-what: staff remove photos'],
  ['GET /api/promotions/:id/home',                              '403 403 403 403 ok  ok  403 ok  403 ok  401 401 403', 'docs/product/home.md#who-may-do-what: /home for candidate, notary, investor'],
  ['GET /api/promotions/:id/buildings',                          'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission building.read: docs/product/promotion-administration.md#permissions brokers see the promotion record'],
  ['POST /api/promotions/:id/buildings',                         '403 403 403 403 403 403 403 403 ok  403 401 401 404', 'permission building.edit (admins); the outsider names A: 404'],
  ['POST /api/promotions/:id/buildings/:buildingId',             '403 403 403 403 403 403 403 403 ok  403 401 401 404', 'permission building.edit (admins)'],
  ['DELETE /api/promotions/:id/buildings/:buildingId',           '403 403 403 403 403 403 403 403 ok  403 401 401 404', 'permission building.edit (admins): the building and its lots'],
  ['GET /api/promotions/:id/buildings/:buildingId/lots',         'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission building.read'],
  ['POST /api/promotions/:id/buildings/:buildingId/lots',        '403 403 403 403 403 403 403 403 ok  403 401 401 404', 'permission building.edit (admins)'],
  ['GET /api/promotions/:id/buildings/:buildingId/lots/:lotId',  'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission building.read'],
  ['GET /api/promotions/:id/buildings/:buildingId/lots/:lotId/choices', 'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission building.read'],
  ['PUT /api/promotions/:id/buildings/:buildingId/lots/:lotId',  '403 403 403 403 403 403 403 403 ok  403 401 401 404', 'permission building.edit (admins)'],
  ['DELETE /api/promotions/:id/buildings/:buildingId/lots/:lotId','403 403 403 403 403 403 403 403 ok  403 401 401 404', 'permission building.edit (admins)'],
  ['GET /api/planning',                                           'ok  403 403 403 403 403 ok  ok  ok  ok  401 401 404', 'docs/product/access.md#route-table /planning: broker, pilot, investor (docs/product/planning.md#who-may-do-what)'],
  ['GET /api/planning/export',                                    'ok  403 403 403 403 403 ok  ok  ok  ok  401 401 404', 'the planning\'s readers download its .ics (issue 13)'],
  ['POST /api/planning',                                          '403 403 403 403 403 403 ok  403 403 403 401 401 403', 'docs/product/planning.md#who-may-do-what: pilots add tasks'],
  ['PUT /api/planning/:id',                                       '403 403 403 403 403 403 ok  403 403 403 401 401 403', 'docs/product/planning.md#who-may-do-what: pilots edit tasks'],
  ['DELETE /api/planning/:id',                                    '403 403 403 403 403 403 ok  403 403 403 401 401 403', 'docs/product/planning.md#who-may-do-what: pilots delete tasks'],
  ['GET /api/finances',                                           'ok  403 403 403 403 403 ok  ok  ok  403 401 401 404', 'docs/product/finances.md#who-may-do-what: broker, pilot, investor; not the light investor (menu rule)'],
  ['PUT /api/finances/:id',                                       '403 403 403 403 403 403 ok  403 403 403 401 401 403', 'docs/product/finances.md#who-may-do-what: pilots save'],
  ['GET /api/promotions/:id/questions',                          'ok  ok  ok  ok  ok  ok  403 403 ok  403 401 401 404', 'permission faq.read: docs/product/faq.md#who-may-do-what /FAQ for candidate, broker, banker, promoter, notary, architect'],
  ['POST /api/promotions/:id/question',                           'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission faq.add: docs/product/faq.md#who-may-do-what brokers add FAQ questions'],
  ['DELETE /api/promotions/:id/questions/:qid',                   'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission faq.delete: docs/product/faq.md#who-may-do-what brokers delete them'],
  ['GET /api/files',                                             'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 404', 'docs/product/access.md#route-table /documents: all eight roles (each sees what his flags allow)'],
  ['GET /api/files_types',                                       'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 401 ok ', 'docs/product/documents.md#calls the type filter of /documents (reference data)'],
  ['GET /api/files_folders',                                     'ok  403 403 ok  403 403 ok  403 ok  403 401 401 404', 'docs/product/documents.md#who-may-do-what architect, broker and pilot add and edit library files (the folder picker)'],
  ['POST /api/promotions/:id/files',                             'ok  403 403 ok  403 403 ok  403 ok  403 401 401 404', 'docs/product/documents.md#who-may-do-what architect, broker and pilot add library files; others only download'],
  ['POST /api/promotions/:id/files/:fileId',                     'ok  403 403 ok  403 403 ok  403 ok  403 401 401 404', 'docs/product/documents.md#who-may-do-what architect, broker and pilot edit library files'],
  ['DELETE /api/promotions/:id/files/:fileId',                   'ok  403 403 ok  403 403 ok  403 ok  403 401 401 404', 'docs/product/documents.md#who-may-do-what architect, broker and pilot delete library files'],
  ['GET /api/files_log',                                         'ok  403 403 403 403 403 ok  403 ok  403 401 401 404', 'issue 12 (beyond the spec): brokers and pilots read the data-room log'],
  ['GET /api/files_log/download',                                'ok  403 403 403 403 403 ok  403 ok  403 401 401 404', 'issue 12 (beyond the spec): brokers and pilots export the data-room log'],
  ['GET /api/files_log/people',                                  'ok  403 403 403 403 403 ok  403 ok  403 401 401 404', 'issue 20: the people of the data-room log, read once per opening (brokers and pilots)'],
  ['GET /api/campaigns',                                         'ok  ok  403 403 403 403 403 403 ok  403 401 401 404', 'permission marketing.read: docs/product/marketing.md#who-may-do-what Marketing for broker and promoter'],
  ['POST /api/promotions/:id/campaigns',                         'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission marketing.edit: docs/product/marketing.md#who-may-do-what brokers add campaigns'],
  ['PUT /api/campaigns/:id',                                     'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission marketing.edit: a broker of the campaign\'s agency'],
  ['DELETE /api/campaigns/:id',                                  'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission marketing.edit: a broker of the campaign\'s agency'],
  ['POST /api/campaigns/:id/files',                              'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission marketing.edit: docs/product/marketing.md#who-may-do-what brokers add campaigns'],
  ['DELETE /api/campaigns/:id/files/:fileId',                    'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission marketing.edit: docs/product/marketing.md#who-may-do-what brokers delete campaign documents'],
  ['GET /api/promotions/:id/marketing-reports',                  'ok  ok  403 403 403 403 403 403 ok  403 401 401 404', 'permission marketing.read: docs/product/marketing.md#who-may-do-what Marketing for broker and promoter'],
  ['POST /api/promotions/:id/marketing-reports',                 'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission marketing.edit: docs/product/marketing.md#who-may-do-what brokers add reports'],
  ['DELETE /api/promotions/:id/marketing-reports/:reportId',     'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission marketing.edit: docs/product/marketing.md#who-may-do-what report delete (brokers)'],
  ['GET /api/promotions/:id/marketing-reports/:reportId',        'ok  ok  403 403 403 403 403 403 ok  403 401 401 404', 'permission marketing.read: the report\'s download link'],
  ['GET /api/promotions/:id/people',                             'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission people.read: docs/product/promotion-administration.md#permissions brokers see the promotion record'],
  ['GET /api/notaries',                                           '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission people.manage (admin only): the add-existing picker'],
  ['GET /api/promoters',                                          '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission people.manage (admin only): the add-existing picker'],
  ['GET /api/bankers',                                            '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission people.manage (admin only): the add-existing picker'],
  ['GET /api/architects',                                         '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission people.manage (admin only): the add-existing picker'],
  ['POST /api/promotions/:id/add-notary/:userId',                 '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission people.manage (admin only)'],
  ['POST /api/promotions/:id/remove-notary/:userId',              '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission people.manage (admin only)'],
  ['POST /api/promotions/:id/add-broker/:userId',                 '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission people.manage (admin only)'],
  ['POST /api/promotions/:id/remove-broker/:userId',              '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission people.manage (admin only)'],
  ['POST /api/promotions/:id/add-promoter/:userId',               '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission people.manage (admin only)'],
  ['POST /api/promotions/:id/remove-promoter/:userId',            '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission people.manage (admin only)'],
  ['POST /api/promotions/:id/add-banker/:userId',                 '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission people.manage (admin only)'],
  ['POST /api/promotions/:id/remove-banker/:userId',              '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission people.manage (admin only)'],
  ['POST /api/promotions/:id/add-architect/:userId',              '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission people.manage (admin only)'],
  ['POST /api/promotions/:id/remove-architect/:userId',           '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission people.manage (admin only)'],
  ['POST /api/promotions/:id/notaries',                           '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission people.manage (admin only): create and invite'],
  ['POST /api/promotions/:id/promoters',                          '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission people.manage (admin only): create and invite'],
  ['POST /api/promotions/:id/bankers',                            '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission people.manage (admin only): create and invite'],
  ['POST /api/promotions/:id/architects',                         '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission people.manage (admin only): create and invite'],
  ['PUT /api/promotions/:id/notaries/:notaryId',                  '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission people.manage (admin only): notary edit'],
  ['PUT /api/promotions/:id/update-notary-main/:notaryId',        '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission people.manage (admin only): the main notary'],
  ['PUT /api/promotions/:id/update-broker-main/:userId',          '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission people.manage (admin only): the main broker, like the main notary'],
  ['POST /api/promotions/:id/people/:userId/invite',              '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission people.manage (admin only): resend the invitation'],
  ['POST /api/promotions/:id/price-grid/preview',               '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission priceGrid.import (admin only): issue 11, docs/sales-process.md#price-grid-import-built'],
  ['POST /api/promotions/:id/price-grid/:importId/apply',        '403 403 403 403 403 403 403 403 ok  403 401 401 403', 'permission priceGrid.import (admin only): issue 11, docs/sales-process.md#price-grid-import-built'],
];

/** Every command, run through both command routes (docs/product/calls.md#command-dispatcher and docs/product/funnel.md#actions-on-an-application). */
// biome-ignore format: a table is read as a table
export const COMMAND_TABLE: readonly (readonly [command: string, cells: string, source: string])[] = [
  //                                                              bro pro ban arc not can pil inv adm lig ano rev out
  ['createAction',                                               'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission task.create'],
  ['updateAction',                                               'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission task.edit'],
  ['markActionAsFinished',                                       'ok  403 403 403 ok  403 403 403 ok  403 401 401 404', 'permission task.finish (the notary his own task)'],
  ['attributeLot',                                               'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/candidates.md#screens attribute a lot (broker)'],
  ['createCandidacy',                                            'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission candidacy.create'],
  ['updateCandidacy',                                            'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission candidacy.edit'],
  ['deleteCandidacy',                                            'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission candidacy.delete'],
  ['moveCandidacyToOtherAgency',                                 'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'permission candidacy.changeAgency'],
  ['createComment',                                              'ok  ok  ok  403 ok  403 403 403 ok  403 401 401 404', 'permission comment.create'],
  ['updateComment',                                              'ok  ok  ok  403 ok  403 403 403 ok  403 401 401 404', 'permission comment.create (his own comment)'],
  ['submitReservationForm',                                      'ok  403 403 403 403 ok  403 403 ok  403 401 401 404', 'docs/product/reservation-form.md#screens Confirm: broker, and the candidate before confirmation'],
  ['sendReservationForm',                                        'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application (broker)'],
  ['validateReservationForm',                                    'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application (broker)'],
  ['unvalidateReservationForm',                                  'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application (broker)'],
  ['advanceDepositReceived',                                     'ok  403 403 403 ok  403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application (broker, notary)'],
  ['ClientSolvent',                                              'ok  403 ok  403 403 403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application (broker, banker)'],
  ['clientNonSolvent',                                           'ok  403 ok  403 403 403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application (broker, banker)'],
  ['scheduleAgreement',                                          'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application (broker)'],
  ['draftActSent',                                               'ok  403 403 403 ok  403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application (broker, notary)'],
  ['agreementFundsReceived',                                     'ok  403 403 403 ok  403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application (broker, notary)'],
  ['planActOfPurchase',                                          'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application (broker)'],
  ['callForFundsSent',                                           'ok  403 403 403 ok  403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application (broker, notary)'],
  ['actOfPurchaseSigned',                                        'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application (broker)'],
  ['updateApplication',                                          'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application negotiatePrice, updateStatuses, updatePriority (broker)'],
  ['goToBestAvailablePriority',                                  'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/positions.md#priority-modal priority modal (broker)'],
  ['goToLatestPriority',                                         'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/positions.md#priority-modal priority modal (broker)'],
  ['UpdateLastPriorityChange',                                   '403 403 403 403 403 403 403 403 ok  403 401 401 no ', 'docs/sales-process.md: admins only restart the counter'],
  ['deleteApplication',                                          'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application (broker)'],
  ['addCandidacy',                                               'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application (broker)'],
  ['detachCandidacy',                                            'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application (broker)'],
  ['sendNewAccess',                                              'ok  403 403 403 403 403 403 403 ok  403 401 401 404', 'docs/product/funnel.md#actions-on-an-application (broker)'],
];

export type Expectation = 'ok' | 'no' | 401 | 403 | 404;

/** The cells of a row, by principal (a wrong cell count or value fails the suite). */
export const cellsOf = (key: string, cells: string): Record<Principal, Expectation> => {
  const values = cells.trim().split(/\s+/);
  if (values.length !== PRINCIPALS.length) throw new Error(`${key}: ${values.length} cells for ${PRINCIPALS.length} principals`);
  return Object.fromEntries(
    PRINCIPALS.map((principal, index) => {
      const value = values[index];
      if (value === 'ok' || value === 'no') return [principal, value];
      if (value === '401' || value === '403' || value === '404') return [principal, Number(value)];
      throw new Error(`${key}: unknown cell '${value}' for ${principal}`);
    }),
  ) as Record<Principal, Expectation>;
};

/** Whether an answer meets its cell. */
export const meets = (expected: Expectation, status: number) => {
  if (status >= 500) return false;
  if (expected === 'ok') return ![401, 403, 404].includes(status);
  if (expected === 'no') return status === 403 || status === 404;
  return status === expected;
};
