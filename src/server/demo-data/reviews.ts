import type { CaregiverKind } from '../../shared/catalog';
import { createRng, type Rng } from './random';
import { fillTemplate, pronouns } from './text-templates';

/**
 * Review words for the demo data. A review is a body written for the booking's kind and the rating's
 * band, plus an optional closer for the band: a 2-star review of a tutor reads like a disappointing
 * lesson, a 5-star review of a senior carer talks about Mummy's or Daddy's care. Every review in the
 * data set uses its own body-and-closer pair, so no two reviews read the same.
 *
 * Placeholders: {first} is the caregiver's first name; pronouns as in `pronouns()`.
 */

export type ReviewBand = 'great' | 'good' | 'mixed' | 'poor';

export const reviewBand = (rating: number): ReviewBand =>
  rating >= 5 ? 'great' : rating === 4 ? 'good' : rating === 3 ? 'mixed' : 'poor';

export const REVIEW_BODIES: Record<CaregiverKind, Record<ReviewBand, string[]>> = {
  'child-care': {
    great: [
      '{first} has been a blessing to our family. Our two-year-old runs to the door when {she} arrives, and the house is calm when we get home.',
      '{first} kept exactly to our baby’s feeding and nap schedule and sent us photos during the day. Very professional and loving.',
      'We booked {first} for a full week while our regular helper was away. On time every morning, and the children did not want {obj} to leave!',
      'Excellent nanny. {She} got our son reading simple words and made sure homework was done before we got in from work.',
      '{first} is patient, kind and very organised with the children. I would recommend {obj} to any family in the area.',
      'Our daughter has eczema and {first} followed the care plan to the letter. We felt completely at ease.',
      'The children enjoyed the crafts {she} brought, and lunch was ready on time. A wonderful nanny.',
      '{first} settled our newborn in a way we never managed ourselves. Bottles sterilised, baby asleep, notes on every feed.',
      'Our toddler’s potty training finally clicked with {first}’s gentle routine. We are so grateful.',
      'School runs, homework and dinner, all handled with a smile. Our kids adore {obj}.',
    ],
    good: [
      '{first} was warm with the baby and kept to the nap times. A couple of bottles were left in the sink, nothing major.',
      'Good nanny. The children were happy and fed; we would have liked a few more updates during the day.',
      'Our son took to {first} quickly. {She} was ten minutes late on the first morning but was early every day after.',
      'Kind and dependable with the kids. Homework got done, though the reading log was skipped once.',
      '{first} is lovely with toddlers. {She} is still learning our routine, and we are happy with how it is going.',
      'Solid help with the school pick-ups and lunches. The children say {she} is fun.',
    ],
    mixed: [
      '{first} was kind to the children, but nap time was missed and our toddler was overtired by evening.',
      'The baby was fine, but we had to explain the feeding routine more than once and got no updates.',
      'Pleasant enough with the kids, although homework was left undone and the playroom was a mess.',
    ],
    poor: [
      'Unfortunately {first} arrived an hour late and the children were in front of the TV most of the day.',
      'Disappointing. Our daughter’s allergy plan was not followed at lunch, and we were not told until we asked.',
    ],
  },
  babysitters: {
    great: [
      '{first} watched our three while we went to a wedding in Ocho Rios. The kids were fed, bathed and asleep when we got back. Brilliant!',
      'Our go-to babysitter for date night now. {first} is punctual and the children adore {her} games.',
      '{first} came at very short notice when my mother was taken ill. I cannot thank {obj} enough for minding the kids.',
      'Great with our shy six-year-old. {She} had him laughing within ten minutes.',
      'Very responsible sitter: {first} sent us a message at bedtime and the kitchen was cleaner than we left it.',
      'Lovely evening sitter. Followed our screen-time rules for the children without any fuss.',
      'The kids begged us to go out again so {first} could come back. Stories, board games and lights out on time.',
      '{first} handled a teething baby and a wide-awake four-year-old on the same night. Calm the whole evening.',
    ],
    good: [
      'Good babysitter. The kids were in bed on time; a few toys were left out in the living room.',
      '{first} was friendly with the children and easy to book. {She} arrived a little after seven, but it was fine.',
      'Reliable for a Saturday evening. Our daughter liked {obj}, and we would book {obj} for the kids again.',
      'The children were safe and happy. We would have liked a quick message at bedtime.',
      '{first} did a good job with our two boys on a school night. Dinner was eaten and teeth were brushed.',
      'Nice sitter, calm with the baby. Bedtime ran a bit late, otherwise a good evening.',
    ],
    mixed: [
      'The kids were fine, but {first} was on {her} phone a lot and bedtime was an hour late.',
      'Friendly with the children, but the kitchen was left messy and the baby’s bottle was not washed.',
      'Okay for a short evening, although our son said they mostly watched TV.',
    ],
    poor: [
      'Unfortunately {first} cancelled an hour before we had to leave for the evening, and the children were upset.',
      'Disappointing night. We came home to the kids still awake at eleven and no message all evening.',
    ],
  },
  tutors: {
    great: [
      'Our son went from a 52 to an 81 in his mock maths paper after two months of lessons with {first}. Highly recommended.',
      '{first} explains things so clearly. My daughter actually looks forward to her sessions now.',
      'Very structured tutor: every session had a plan, and we got a progress note afterwards.',
      '{first} helped our daughter get ready for PEP. She is now at her first-choice school!',
      'Patient and encouraging with a child who had lost confidence in English. Thank you for the lessons, {first}.',
      'Punctual, professional and knows the CSEC syllabus inside out.',
      'Past papers, timed practice and kind feedback: {first}’s lessons turned our son’s exam nerves into confidence.',
      'Our daughter finally understands fractions. {first} made every lesson feel like a game.',
    ],
    good: [
      'Good lessons. {first} knows the maths syllabus well; a little more homework between sessions would help.',
      'Our son is improving in English. {She} started one session fifteen minutes late but made up the time.',
      'Clear explanations and a friendly manner. We are seeing better grades, slowly.',
      '{first} prepared well for each lesson. We would have liked more feedback on the practice papers.',
      'Helpful CSEC revision sessions. Our daughter feels more ready for the exam.',
      'A steady tutor for reading. Progress is gradual, but our son is more confident.',
    ],
    mixed: [
      '{first} knows the subject, but the lessons had no plan and we never saw a progress note.',
      'The first session went well, but the next two were spent mostly on past papers with little explaining.',
      'Pleasant tutor, although our son says the maths lessons move too fast for him.',
    ],
    poor: [
      'Disappointing. {first} was late for two lessons and did not bring the practice papers {she} promised.',
      'Unfortunately the sessions did not help: our daughter’s grades stayed the same and the homework was never checked.',
    ],
  },
  'senior-care': {
    great: [
      '{first} cared for Daddy after his stroke. Gentle, patient and always on time. He looks forward to {her} visits.',
      'We live overseas and {first} gave us real peace of mind. {Her} daily notes on Mummy’s meals and medication were excellent.',
      'Very professional. {first} noticed Mummy’s sugar was running high and told us straight away.',
      '{first} treats my grandmother like family: dominoes every afternoon and a proper Sunday dinner.',
      'Reliable overnight care. Daddy sleeps better knowing someone is there.',
      'Kind, strong and careful with Mummy’s transfers from the bed to the chair. Highly recommend {first}.',
      'Daddy’s medication has never been so well organised. {first} set up a pill box and a chart for the week.',
      'Mummy has dementia and {first} is endlessly patient with her, the same gentle answer every time.',
    ],
    good: [
      '{first} is kind to Mummy and keeps her company. A few of the daily notes were missed, otherwise good care.',
      'Good care for Daddy after his hospital stay. {She} was a little late one morning but called ahead.',
      'Mummy likes {first} and takes her tablets for {obj}. We would like more walks outside.',
      'Reliable with my father’s meals and medication. Quiet, but very respectful.',
      '{first} helped my grandmother with her bath and dressing safely. A good carer.',
      'Daddy is comfortable with {obj}, which matters most. Communication with us could be a bit quicker.',
    ],
    mixed: [
      '{first} was polite to Mummy, but her lunch was late and the medication chart was not filled in.',
      'Daddy was safe, but {first} spent most of the visit on the phone rather than with him.',
      'Caring with my mother, although we had to remind {obj} twice about her evening tablets.',
    ],
    poor: [
      'Unfortunately {first} missed Mummy’s morning medication and we only found out from the neighbour.',
      'Disappointing. Daddy was left alone in his chair for hours and his dinner was not made.',
    ],
  },
  'special-needs': {
    great: [
      '{first} understands our son’s autism better than most professionals we have met. His meltdowns have reduced so much.',
      'Finally a carer who follows the therapy plan! {first} even made a picture schedule for our fridge.',
      '{first} gave us our first full night’s sleep in months. Calm, capable and kind with our son’s seizures plan.',
      'Our daughter is non-verbal and {first} learned her signs within a week. We are so grateful.',
      'Excellent with feeding and wheelchair transfers. Very safe and very gentle.',
      '{first} turned bath time, our hardest routine, into the calmest part of the day for our son with sensory needs.',
      'Our daughter’s physiotherapy exercises get done every day with {first}, and she laughs through them.',
    ],
    good: [
      '{first} is patient with our son’s routine. A couple of the therapy exercises were skipped, otherwise good.',
      'Gentle with our daughter’s wheelchair transfers. {She} is still learning her signs, but trying hard.',
      'Good carer for our son with autism. The picture schedule helped; we would like more notes at the end of the day.',
      'Safe and calm with feeding. {first} arrived a little late once but stayed to make up the time.',
      '{first} follows the sensory plan we gave {obj}. Our daughter is warming up to {obj}.',
      'Reliable support on therapy days. Our son is comfortable with {obj}.',
    ],
    mixed: [
      '{first} was kind, but did not follow our son’s routine and the afternoon ended in a meltdown.',
      'Our daughter was safe, but the therapy exercises were not done and no notes were left.',
    ],
    poor: [
      'Unfortunately {first} ignored the sensory plan and our son was distressed when we got home.',
      'Disappointing. The feeding schedule was not followed and we were not told about a seizure until evening.',
    ],
  },
  housekeepers: {
    great: [
      'The house has never looked this good. {first} even organised the pantry without being asked.',
      '{first} cooks the best rice and peas! Thorough cleaning, and very respectful of our things in the house.',
      'Reliable every Friday. I come home to a clean house, folded laundry and dinner on the stove.',
      'Did a fantastic deep clean of the house before our family came home for Christmas.',
      'Honest and hardworking. {first} is now our regular housekeeper.',
      'Floors mopped, ironing done, beds changed and the kitchen spotless. {first} is a treasure.',
      '{first} washed every curtain in the house and polished the mahogany. It smells like home again.',
    ],
    good: [
      'Good housekeeper. The kitchen and bathrooms were clean; the ironing was left for next week.',
      '{first} cleaned the house well and cooked a nice stew. A few cobwebs were missed on the verandah.',
      'Reliable with the laundry and floors. {She} is quiet and respectful in our home.',
      'The house was tidy when we got back. {first} came a little late but stayed to finish.',
      'Solid weekly clean. We would like the fridge wiped out next time, otherwise good.',
      '{first} did a good job with the bedrooms and the washing. Friendly and honest.',
    ],
    mixed: [
      'The living room looked fine, but the bathrooms were rushed and the laundry was left in the machine.',
      '{first} was pleasant, although the kitchen floor was not mopped and dinner was not started as agreed.',
      'Some of the house was cleaned well, but the bedrooms were not touched.',
    ],
    poor: [
      'Disappointing clean. Dust on every shelf in the house and the dishes were left in the sink.',
      'Unfortunately {first} left two hours early and the ironing and floors were not done.',
    ],
  },
  janitors: {
    great: [
      '{first} cleaned our office after the renovation: not a speck of dust left. Very efficient.',
      'Came early and had the church hall clean before the service. Excellent work.',
      'Great move-out clean; we got our full deposit back. Thank you, {first}!',
      'Reliable and thorough office cleaner. The bathrooms sparkle.',
      '{first} cleaned our water tank and the yard after the storm. Hard worker.',
      'Our shop floor has never shone like this. {first} stripped and waxed it over one evening.',
      'Windows, washrooms and the staff kitchen done before we opened. {first} is a star.',
    ],
    good: [
      'Good office clean. The floors and desks were done; the windows could use more attention.',
      '{first} cleaned the hall well after our event. A few bins were left full, otherwise fine.',
      'Reliable and polite. The bathrooms were clean; the yard was swept quickly.',
      'Solid move-out clean. The oven needed a second go, but the landlord was satisfied.',
      '{first} did a good job on the shop floor and the storeroom. Would use again.',
      'Our office looks tidy every Monday now. {She} started late once but finished everything.',
    ],
    mixed: [
      'The office floors were clean, but the bathrooms were skipped and the bins were not emptied.',
      '{first} worked hard on the yard, although the water tank was only half cleaned.',
      'Okay clean of the hall, but we found dust on the chairs before the service.',
    ],
    poor: [
      'Disappointing. The move-out clean failed the landlord’s inspection and we lost part of the deposit.',
      'Unfortunately {first} did not turn up for the office clean and did not answer {her} phone.',
    ],
  },
  maintenance: {
    great: [
      '{first} fixed our water pump the same day. Fair price and clear explanation of the problem.',
      'Installed three ceiling fans and tidied up after {himself}. Very professional.',
      'Sorted out a leak that two other people could not find. Highly recommend {first}.',
      'Came before the storm and secured the zinc on the roof. Great peace of mind.',
      'Punctual, polite and knows {his} work. Fixed the gate and the grilles in one visit. Our go-to handyman now.',
      '{first} rewired the outside lights and fixed the kitchen tap in one afternoon. Excellent work.',
      'The bathroom tiles look brand new. {first} regrouted the shower and sealed the window frame too.',
    ],
    good: [
      'Good repair on the kitchen sink. {first} had to come back for a part, but the leak is fixed.',
      'The ceiling fans work well. A little dust left behind after the drilling, otherwise good.',
      '{first} fixed the gate hinge and oiled the grilles. Fair price; arrived a bit late.',
      'Solid work on the water pump. {She} explained the fix clearly.',
      'Patched the roof before the rain. We will see how it holds up, but so far so good.',
      '{first} replaced the bathroom tap and fixed the door lock. Would call {obj} again.',
    ],
    mixed: [
      'The tap was fixed, but the leak under the sink came back after a week.',
      '{first} repaired the gate, although it took two visits and the price went up.',
      'The fans were installed, but one wobbles and the wiring was left exposed.',
    ],
    poor: [
      'Disappointing. The water pump stopped again the next day and {first} did not come back to fix it.',
      'Unfortunately the roof still leaks after the repair, and the zinc was left loose.',
    ],
  },
};

export const REVIEW_CLOSERS: Record<ReviewBand, string[]> = {
  great: [
    '',
    'Highly recommend.',
    'We have already booked {obj} again.',
    'Five stars from our whole family.',
    'Worth every dollar.',
    'Thank you, {first}!',
    'We tell all our friends about {obj}.',
    'Would book again in a heartbeat.',
  ],
  good: ['', 'Would book again.', 'Good value for the rate.', 'We will use {obj} again.', 'Four stars.'],
  mixed: ['', 'We may try again.', 'Hoping the next visit goes better.', 'Three stars.'],
  poor: ['', 'We will not book again.', 'Not what we expected from the other reviews.'],
};

/** The template of a review (body and closer, before the name and pronouns are filled in). */
export const reviewTemplate = (body: string, closer: string) => (closer ? `${body} ${closer}` : body);

/** What the data set has used so far: whole templates (never twice) and how often each body was used. */
export interface ReviewsUsed {
  templates: Set<string>;
  bodies: Map<string, number>;
  /** How many reviews of each band the data set has so far. */
  bands: Map<ReviewBand, number>;
}

export const newReviewsUsed = (): ReviewsUsed => ({
  templates: new Set(),
  bodies: new Map(),
  bands: new Map(),
});

/**
 * Picks review words for one booking: a body of the booking's kind and the rating's band that this
 * caregiver has not had yet (else the least used), with a closer making the pair unused in the whole
 * data set. `mine` holds the bodies this caregiver already has. Takes exactly one draw from `rng` (the
 * words come from a generator seeded by it), so the choice of words never shifts the rest of the data set.
 */
export function pickReview(
  rng: Rng,
  kind: CaregiverKind,
  rating: number,
  used: ReviewsUsed,
  mine: Set<string>,
  person: { first: string; gender: 'f' | 'm' },
): string {
  const words = createRng(Math.floor(rng.next() * 2 ** 32));
  const band = reviewBand(rating);
  const closers = REVIEW_CLOSERS[band];
  const free = (body: string) => closers.filter((c) => !used.templates.has(reviewTemplate(body, c)));
  const bodies = REVIEW_BODIES[kind][band];
  const open = bodies.filter((b) => free(b).length > 0);
  const candidates = open.length > 0 ? open : bodies;
  const score = (b: string) => (mine.has(b) ? 1_000 : 0) + (used.bodies.get(b) ?? 0);
  const best = Math.min(...candidates.map(score));
  const body = words.pick(candidates.filter((b) => score(b) === best));
  const closerPool = free(body);
  const closer = words.pick(closerPool.length > 0 ? closerPool : closers);
  const template = reviewTemplate(body, closer);
  used.templates.add(template);
  used.bodies.set(body, (used.bodies.get(body) ?? 0) + 1);
  mine.add(body);
  return fillTemplate(template, { first: person.first, ...pronouns(person.gender) });
}
