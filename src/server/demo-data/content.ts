import type {
  CaregiverKind,
  CERTIFICATIONS,
  FILTER_AVAILABILITY,
  FILTER_SKILLS,
  ONBOARDING_SKILLS,
} from '../../shared/catalog';

/**
 * A data catalogue (the code that draws from it is in profile-picks.ts and text-templates.ts).
 * Everything the demo data says per caregiver kind: typical rates, skills, certificates, hours, and
 * the words (bios, booking notes, message threads; reviews are in reviews.ts). Only catalog vocabulary is used for
 * skills, certifications and availability, so search filters find these caregivers.
 */

export type Skill = (typeof ONBOARDING_SKILLS)[number] | (typeof FILTER_SKILLS)[number];
export type Certification = (typeof CERTIFICATIONS)[number];
export type FilterAvailability = (typeof FILTER_AVAILABILITY)[number];

/** A bio sentence, optionally only for caregivers who hold some certificates or have some experience. */
export type Sentence =
  | string
  | { text: string; certs?: Certification[]; minYears?: number; maxYears?: number };

/** Words tied to the time of a booking: only used when the booking's start hour and length fit. */
export interface Timed {
  minStart?: number;
  maxStart?: number;
  minHours?: number;
}
export type Note = string | ({ text: string } & Timed);
export type ThreadLine = readonly [who: 'f' | 'c', text: string];
export type Thread = { lines: ThreadLine[] } & Timed;

export interface Shift {
  /** Earliest and latest start hour (24-hour clock, Jamaica time). */
  start: [number, number];
  durations: number[];
}

export interface KindProfile {
  kind: CaregiverKind;
  /** Typical hourly rate in JMD (docs/product.md#constants-and-limits), inclusive. */
  rate: [number, number];
  experience: [number, number];
  /** Share of caregivers of this kind the generator draws with a female first name. */
  femaleShare: number;
  skills: readonly Skill[];
  /** Skills every caregiver of this kind lists first. */
  coreSkills: readonly Skill[];
  certifications: readonly Certification[];
  availability: readonly FilterAvailability[];
  /** Onboarding availability slots that suit the kind. */
  slots: readonly string[];
  shifts: readonly Shift[];
  bio: { openers: Sentence[]; middles: Sentence[]; closers: Sentence[]; also: string };
  notes: Note[];
  /** Conversations before a booking: f = family, c = caregiver. */
  threads: Thread[];
}

export const FA = 'First Aid Certified' as const;
export const CPR = 'CPR Certified' as const;

export const KIND_PROFILES: Record<CaregiverKind, KindProfile> = {
  'child-care': {
    kind: 'child-care',
    rate: [500, 1200],
    experience: [2, 20],
    femaleShare: 0.95,
    coreSkills: ['Infant Care', 'Toddler Care'],
    skills: [
      'School Age Care',
      'Early Childhood Education',
      'Meal Preparation',
      'Light Housekeeping',
      'Homework Help',
      'Arts & Crafts',
      FA,
      CPR,
      'Educational Activities',
      'Transportation',
      'Overnight Care',
      'Cooking',
    ],
    certifications: [
      CPR,
      FA,
      'Child Development Associate (CDA)',
      'Early Childhood Education',
      'Reference Verified',
    ],
    availability: ['Weekdays', 'Mornings', 'Afternoons', 'Overnight', 'Weekends'],
    slots: ['Monday Morning', 'Tuesday Morning', 'Wednesday Morning', 'Thursday Morning', 'Friday Morning'],
    shifts: [
      { start: [7, 8], durations: [8, 8, 6] },
      { start: [14, 15], durations: [3, 4] },
      { start: [9, 10], durations: [4, 6] },
    ],
    bio: {
      openers: [
        "I'm a warm, patient nanny with {years} of experience caring for babies and young children in {place}.",
        'For the past {years} I have worked as a live-out nanny for families in {place}, mostly with toddlers and school-age children.',
        {
          text: 'I trained in early childhood education through HEART/NSTA Trust and have spent {years} looking after children around {town}.',
          certs: ['Early Childhood Education'],
        },
        'A parent of two and a full-time nanny for {years}, I know how busy mornings in {town} can get.',
        {
          text: 'I started out as a teacher’s aide at a basic school in {parish} and have now been a professional nanny for {years}.',
          minYears: 5,
        },
        'Families in {place} have trusted me with their little ones for {years}, from newborns right up to primary school.',
      ],
      middles: [
        'I keep a simple daily routine of naps, healthy meals and outdoor play, and I send parents a short update with photos during the day.',
        "I'm comfortable with newborns, including bottle feeding, sterilising and settling babies to sleep.",
        'After school I help with homework and reading, and I make sure bags are packed for the next morning.',
        'I love arts and crafts, story time and songs, and I use everyday moments to teach colours, numbers and manners.',
        'I prepare healthy meals like callaloo and boiled banana, cornmeal porridge and fresh fruit, and I always follow any allergy plan you give me.',
        {
          text: 'I hold current First Aid and CPR certificates from the Jamaica Red Cross and renew them every year.',
          certs: [FA, CPR],
        },
        "I can do school runs and extra-curricular pick-ups, and I'm happy to keep the children's rooms and play area tidy.",
      ],
      closers: [
        'References from past families are available on request.',
        'I am reliable and punctual, and I treat every child as if they were my own.',
        "I'm looking for a long-term family where I can help the children grow and thrive.",
        'Feel free to message me to set up a meet-and-greet before booking.',
        'Weekends and the odd late evening can be arranged with notice.',
      ],
      also: 'I also work as a nanny, so full days with babies and toddlers are familiar to me.',
    },
    notes: [
      {
        text: 'Two children, ages 3 and 6. The older one needs collecting from school at 2:30.',
        maxStart: 14,
      },
      { text: 'Baby is 8 months old; expressed milk is in the fridge. Nap around 1 pm.', maxStart: 11 },
      'Our son has a peanut allergy — no nuts in the house, EpiPen is on the fridge.',
      'Please help our daughter with her reading homework.',
      { text: 'Full day while I am at work. Lunch and snacks are provided.', maxStart: 9, minHours: 6 },
    ],
    threads: [
      {
        lines: [
          [
            'f',
            'Hi {cg}, I saw your profile and I need someone for my two children on {day}. Are you available?',
          ],
          ['c', 'Hi {fam}! Yes, I am free on {day}. What time would you need me to start?'],
          ['f', 'From {time}, for about {hours}. The little one still has a nap in the day.'],
          ['c', 'That works well. I will keep her nap on schedule. Any allergies I should know about?'],
          ['f', 'No allergies, but please no sugary drinks. I have just sent the booking request.'],
          ['c', 'Noted, thank you! See you on {day}.'],
        ],
      },
    ],
  },
  babysitters: {
    kind: 'babysitters',
    rate: [500, 1000],
    experience: [1, 12],
    femaleShare: 0.85,
    coreSkills: ['School Age Care', 'Toddler Care'],
    skills: [
      'Arts & Crafts',
      'Homework Help',
      'Meal Preparation',
      FA,
      CPR,
      'Educational Activities',
      'Pet Care',
      'Emergency Care',
      'Overnight Care',
      'Infant Care',
    ],
    certifications: [CPR, FA, 'Reference Verified'],
    availability: ['Evenings', 'Weekends', 'Afternoons', 'Overnight'],
    slots: [
      'Friday Evening',
      'Saturday Evening',
      'Saturday Afternoon',
      'Sunday Afternoon',
      'Emergency/On-call',
    ],
    shifts: [
      { start: [17, 19], durations: [3, 4] },
      { start: [10, 14], durations: [3, 4, 6] },
    ],
    bio: {
      openers: [
        "I'm a fun, dependable babysitter in {place} with {years} of experience watching children for date nights, errands and weekend events.",
        {
          text: "I'm a UWI student living in {town}, and I have been babysitting for neighbours and family friends for {years}.",
          maxYears: 4,
        },
        "Parents around {place} call on me when they need an evening out or a hand after school — I've been babysitting for {years}.",
        'I have {years} of babysitting experience, from a single toddler to busy households with three children.',
        'I babysit in and around {town}, and many of my bookings come from parents who recommended me to their friends.',
      ],
      middles: [
        'I bring board games, colouring books and outdoor games so screens stay off for most of the visit.',
        "I'm confident with bath time, bedtime routines and settling little ones who miss their parents.",
        "I can help with homework and reading practice, and I'm patient with children who need a little extra encouragement.",
        "I'm happy to look after your pets as well, and the house will be tidy when you get back.",
        'I always follow your house rules on snacks, screen time and bedtime.',
        "I can come at short notice in an emergency, and I'm comfortable staying over if you have a late flight into Norman Manley or Sangster's.",
        { text: 'I am CPR and First Aid certified, so you can relax while you are out.', certs: [CPR, FA] },
      ],
      closers: [
        "Text me the details and I'll confirm my availability the same day.",
        'Parents get a quick message when the children are fed and asleep, so you can enjoy your time out.',
        "I'm responsible, calm and great fun — the kids usually ask when I'm coming back.",
        'Happy to meet the family for a short visit before the first booking.',
      ],
      also: 'I also take evening and weekend babysitting bookings.',
    },
    notes: [
      {
        text: 'Date night — the children should be in bed by 8:30. Pizza money is on the counter.',
        minStart: 16,
      },
      'Two boys, 5 and 9. The older one has a maths worksheet to finish.',
      { text: 'We are at a church function; back by 10 pm at the latest.', minStart: 16 },
      { text: 'Please walk the dog around the yard before the kids go to bed.', minStart: 16 },
      { text: 'Afternoon while we run errands in town.', maxStart: 14 },
    ],
    threads: [
      {
        minStart: 16,
        lines: [
          ['f', 'Hi {cg}, are you free to babysit on the evening of {day}? We have a function to attend.'],
          ['c', 'Hi {fam}, yes I am! How many children and what ages?'],
          ['f', 'Two girls, 4 and 7. We would need you from {time} for {hours}.'],
          ['c', 'Perfect. I will bring some colouring books. Bedtime at 8?'],
          ['f', '8:30 for the big one. Booking request sent now, thanks!'],
        ],
      },
      {
        maxStart: 15,
        lines: [
          ['f', 'Hi {cg}, could you watch the kids on {day} while we run some errands?'],
          ['c', 'Hi {fam}, sure! What time do you need me?'],
          ['f', 'From {time}, about {hours}. They are 4 and 7.'],
          ['c', 'Perfect, I will bring some games and colouring books.'],
          ['f', 'Great, booking request sent now.'],
        ],
      },
    ],
  },
  tutors: {
    kind: 'tutors',
    rate: [1200, 2500],
    experience: [2, 20],
    femaleShare: 0.6,
    coreSkills: ['Homework Help', 'Educational Support'],
    skills: [
      'Educational Activities',
      'School Age Care',
      'Early Childhood Education',
      'Behavioral Support',
      'Special Needs Care',
      'Arts & Crafts',
      'Transportation',
    ],
    certifications: ['Teaching Credential', 'Early Childhood Education', 'Reference Verified'],
    availability: ['Afternoons', 'Evenings', 'Weekends'],
    slots: [
      'Monday Afternoon',
      'Wednesday Afternoon',
      'Thursday Evening',
      'Saturday Morning',
      'Sunday Afternoon',
    ],
    shifts: [
      { start: [15, 18], durations: [1, 2] },
      { start: [9, 11], durations: [2, 3] },
    ],
    bio: {
      openers: [
        {
          text: "I'm a trained teacher with {years} of classroom and private tutoring experience in {place}.",
          certs: ['Teaching Credential'],
        },
        'I tutor primary and high school students in {town}, with a focus on mathematics and English, and I have done this for {years}.',
        {
          text: 'A Mico University College graduate, I have spent {years} helping students prepare for PEP and CSEC exams.',
          certs: ['Teaching Credential'],
        },
        "I've been a private tutor around {place} for {years}, working with students from grade 3 right up to fifth form.",
        {
          text: 'I taught at a high school in {parish} before becoming a private tutor, and I have now tutored for {years}.',
          minYears: 6,
        },
      ],
      middles: [
        'Most of my younger students come to me for PEP preparation, and I build their confidence with short, regular practice papers.',
        'For CSEC students I cover Mathematics, English A and Principles of Accounts, with past-paper practice under timed conditions.',
        'I start every new student with a short assessment, so lessons target the gaps rather than repeating what they already know.',
        "I'm patient with children who find reading difficult, and I use phonics games and graded readers to make progress visible.",
        'I can tutor at your home, at a library or online in the evenings.',
        'Parents get a short progress note after each session and a fuller report every month.',
        'I have experience supporting students with dyslexia and ADHD, adapting lessons so they can keep up with their class.',
      ],
      closers: [
        'My goal is for every student to leave more confident than they came.',
        'Group sessions for siblings or study partners can be arranged.',
        "Book a first session and we'll set a plan together.",
        'Many of my students have moved up to their first-choice high schools.',
      ],
      also: "I'm also able to help school-age children with homework and exam preparation.",
    },
    notes: [
      'Grade 6 — PEP mathematics practice, especially fractions and word problems.',
      'Fourth form: CSEC English A, comprehension and summary writing.',
      'Please go over last week’s test; he struggled with algebra.',
      'Reading support for a 7-year-old; she is a bit behind her class.',
      'Principles of Accounts past papers for the June exams.',
    ],
    threads: [
      {
        lines: [
          [
            'f',
            'Hello {cg}. My son is preparing for exams and needs help with maths. Do you have space on {day}?',
          ],
          ['c', 'Hello {fam}. Yes, I have a slot at {time}. What grade is he in?'],
          ['f', 'Grade 6. Fractions and problem solving are his weak areas.'],
          [
            'c',
            'I will bring some practice papers and do a quick assessment first. {hours} should be a good start.',
          ],
          ['f', 'Sounds good, booking it now.'],
        ],
      },
    ],
  },
  'senior-care': {
    kind: 'senior-care',
    rate: [600, 1000],
    experience: [3, 20],
    femaleShare: 0.85,
    coreSkills: ['Meal Preparation', 'Light Housekeeping'],
    skills: ['Cooking', FA, CPR, 'Transportation', 'Overnight Care', 'Emergency Care', 'Special Needs Care'],
    certifications: ['Nursing Assistant', CPR, FA, 'Reference Verified'],
    availability: ['Weekdays', 'Mornings', 'Overnight', 'Weekends', 'Afternoons'],
    slots: ['Monday Morning', 'Wednesday Morning', 'Friday Morning', 'Sunday Morning', 'Overnight'],
    shifts: [
      { start: [7, 8], durations: [8, 12] },
      { start: [9, 10], durations: [4, 6] },
    ],
    bio: {
      openers: [
        {
          text: "I'm a caring nursing assistant with {years} of experience looking after elderly clients at home in {place}.",
          certs: ['Nursing Assistant'],
        },
        'For {years} I have cared for seniors in {town} and the surrounding communities, including clients living with dementia and diabetes.',
        {
          text: 'I worked on the wards of a hospital in {parish} before moving into home care, and I have now supported older adults for {years}.',
          minYears: 6,
        },
        'Families in {place} rely on me to keep their parents safe, comfortable and independent at home; I have done this work for {years}.',
        "I've been a senior caregiver for {years}, and I treat every client with the respect I would want for my own grandmother.",
      ],
      middles: [
        'I help with bathing, dressing, mobility and safe transfers, and I keep a daily log of meals, medication and mood.',
        'I am experienced with blood pressure and blood sugar checks, and I make sure medication is taken on time.',
        'I cook soft, healthy meals to any doctor’s guidance — from a light fish soup to porridge and steamed vegetables.',
        "I'm comfortable escorting clients to clinic appointments and the pharmacy, and I can drive if a vehicle is provided.",
        'Companionship matters as much as care: we read the Gleaner together, play dominoes, listen to old-time music and take short walks.',
        'I do overnight shifts, and I know how to respond calmly to falls and other emergencies.',
      ],
      closers: [
        'I keep families updated with a short message after every shift.',
        'References from the families I have worked with are available.',
        'I would be glad to meet you and your loved one before we begin.',
        'Patience and dignity come first in everything I do.',
      ],
      also: 'I also provide companionship and personal care for older adults.',
    },
    notes: [
      'Mummy is 84 with early dementia. Please make sure she takes her tablets on time — the list is on the fridge.',
      'Dad uses a walker; he needs help getting in and out of the shower.',
      { text: 'Clinic appointment at 10 am at the health centre — please accompany her.', maxStart: 9 },
      'She sometimes gets confused late in the day; please stay calm and reassure her.',
      { text: 'Light lunch, no salt. He likes to sit on the verandah in the afternoon.', maxStart: 11 },
    ],
    threads: [
      {
        lines: [
          [
            'f',
            'Hello {cg}, I am looking for someone to stay with my mother on {day}. She is 82 and needs help moving around.',
          ],
          ['c', 'Hello {fam}, I would be happy to help. Does she take any medication during the day?'],
          ['f', 'Yes, blood pressure tablets with her meals. We would need you from {time} for {hours}.'],
          ['c', 'No problem. I will keep a log of meals and medication for you.'],
          ['f', 'Thank you, that is exactly what we need. Request sent.'],
        ],
      },
    ],
  },
  'special-needs': {
    kind: 'special-needs',
    rate: [1000, 1500],
    experience: [3, 20],
    femaleShare: 0.8,
    coreSkills: ['Special Needs Care', 'Behavioral Support'],
    skills: [
      'Educational Support',
      FA,
      CPR,
      'Meal Preparation',
      'Overnight Care',
      'Emergency Care',
      'School Age Care',
      'Educational Activities',
      'Transportation',
    ],
    certifications: ['Nursing Assistant', CPR, FA, 'Child Development Associate (CDA)', 'Reference Verified'],
    availability: ['Weekdays', 'Afternoons', 'Weekends', 'Overnight', 'Mornings'],
    slots: ['Tuesday Afternoon', 'Thursday Afternoon', 'Saturday Morning', 'Emergency/On-call'],
    shifts: [
      { start: [8, 9], durations: [6, 8] },
      { start: [14, 16], durations: [3, 4] },
    ],
    bio: {
      openers: [
        'I have {years} of experience supporting children and young adults with autism, cerebral palsy and Down syndrome in {place}.',
        {
          text: "I'm a special-needs caregiver in {town} with {years} of experience, including work in a special education classroom in {parish}.",
          minYears: 4,
        },
        'For {years} I have worked one-to-one with children who have complex needs, both at home and as a shadow aide in schools around {place}.',
        {
          text: 'I trained as a nursing assistant and have spent {years} caring for clients with physical and developmental disabilities in {parish}.',
          certs: ['Nursing Assistant'],
        },
      ],
      middles: [
        "I follow each child's therapy and behaviour plans closely and work with parents, teachers and therapists as one team.",
        'I am experienced with feeding support, toileting, positioning and safe transfers.',
        'I use visual schedules, social stories and clear routines to help children manage transitions and stay calm.',
        {
          text: "I'm trained to manage seizures, and I hold current First Aid and CPR certificates.",
          certs: [FA, CPR],
        },
        'I can provide respite care, so parents can rest, run errands or spend time with their other children.',
        'I am comfortable with non-verbal communication, including PECS and basic Jamaican Sign Language.',
      ],
      closers: [
        "Every child deserves patience, dignity and a chance to shine, and that's what I bring to every shift.",
        "I'm happy to do a short trial visit so your child can get to know me.",
        'Please share as much as you can about your child’s needs when you message me.',
      ],
      also: 'I also have experience supporting children with special needs.',
    },
    notes: [
      'Our son is autistic and non-verbal; his visual schedule is on the fridge.',
      'She uses a wheelchair and needs help with transfers and feeding.',
      { text: 'Respite afternoon — please keep to his routine, he finds changes hard.', minStart: 12 },
      'Seizure plan is in the blue folder; rescue medication is in the kitchen cupboard.',
    ],
    threads: [
      {
        lines: [
          [
            'f',
            'Hi {cg}, our son is 9 and autistic. We need a carer who follows routines closely. Could you help on {day}?',
          ],
          [
            'c',
            'Hi {fam}, yes, I work with many children on the spectrum. Could you share his daily routine and any triggers?',
          ],
          [
            'f',
            'Loud noises and sudden changes. I will send his schedule. It would be from {time}, {hours}.',
          ],
          ['c', 'Thank you. I will come a few minutes early so he can get used to me before you leave.'],
        ],
      },
    ],
  },
  housekeepers: {
    kind: 'housekeepers',
    rate: [400, 600],
    experience: [1, 20],
    femaleShare: 0.9,
    coreSkills: ['Light Housekeeping', 'Cooking'],
    skills: ['Meal Preparation', 'Pet Care', 'Transportation', FA],
    certifications: ['Reference Verified', FA],
    availability: ['Weekdays', 'Mornings', 'Afternoons', 'Weekends'],
    slots: ['Monday Morning', 'Wednesday Morning', 'Friday Morning', 'Saturday Morning'],
    shifts: [
      { start: [7, 9], durations: [4, 6, 8] },
      { start: [12, 13], durations: [3, 4] },
    ],
    bio: {
      openers: [
        "I'm an experienced housekeeper with {years} of work in private homes in {place}.",
        "I've kept homes clean and organised in {town} for {years}, for busy professionals and large families alike.",
        'Reliable and thorough, I have {years} of housekeeping experience around {parish}.',
        "I'm a live-out helper in {place} with {years} of experience in cleaning, laundry and cooking.",
      ],
      middles: [
        'I handle general cleaning, laundry, ironing and changing linen, and I leave every room the way you like it.',
        'I cook traditional Jamaican meals — rice and peas, stew chicken, ackee and saltfish — as well as lighter meals on request.',
        'I bring a checklist to each visit, so nothing is missed, from ceiling fans to the back of the fridge.',
        "I'm careful with delicate items and I use the products you prefer, including eco-friendly ones.",
        "I'm happy to do grocery runs and feed pets while you are at work.",
        'Deep cleans before Christmas and after family gatherings are my speciality.',
      ],
      closers: [
        'Weekly and fortnightly visits can be arranged.',
        "I'm honest and discreet, and references are available.",
        "Message me with the size of your home and I'll suggest how many hours you need.",
      ],
      also: 'I can add light housekeeping, laundry and cooking to any booking.',
    },
    notes: [
      'Three-bedroom house. Please focus on the kitchen and bathrooms this week.',
      'Laundry and ironing — school uniforms for the week.',
      'Deep clean before the family arrives for the holidays.',
      'Please cook dinner for four: stew peas or curry chicken, whatever you prefer.',
    ],
    threads: [
      {
        lines: [
          ['f', 'Hi {cg}, I need help with cleaning and laundry on {day}. Three-bedroom house.'],
          ['c', 'Hi {fam}, I can do that. Would you like me to cook as well?'],
          ['f', 'Yes please, a pot of something for dinner would be great. From {time}, about {hours}.'],
          ['c', 'No problem at all. See you then!'],
        ],
      },
    ],
  },
  janitors: {
    kind: 'janitors',
    rate: [400, 600],
    experience: [1, 20],
    femaleShare: 0.45,
    coreSkills: ['Light Housekeeping'],
    skills: ['Emergency Care', 'Transportation', FA, 'Pet Care'],
    certifications: ['Reference Verified', FA],
    availability: ['Evenings', 'Weekends', 'Mornings', 'Weekdays'],
    slots: ['Monday Evening', 'Wednesday Evening', 'Friday Evening', 'Saturday Morning', 'Emergency/On-call'],
    shifts: [
      { start: [6, 7], durations: [3, 4] },
      { start: [17, 18], durations: [3, 4] },
      { start: [8, 9], durations: [6, 8] },
    ],
    bio: {
      openers: [
        "I'm a commercial and residential cleaner with {years} of experience in {place}.",
        "For {years} I've cleaned offices, churches, apartment complexes and homes around {town}.",
        'I run a small cleaning service in {parish} and have {years} of janitorial experience.',
        'I have {years} of experience as a janitor in schools and offices in {place}, and I now take private bookings.',
      ],
      middles: [
        'I do floor scrubbing, mopping and polishing, restroom sanitising, window cleaning and rubbish removal.',
        'I can clean after hours, so your office or shop is ready for the next morning.',
        'I bring my own mops, buckets and commercial-grade supplies, or I can use yours.',
        'Post-construction clean-ups and move-in and move-out cleans are regular jobs for me.',
        "I'm careful with chemicals, always ventilate, and follow proper health and safety routines.",
        'I also clean water tanks and clear yards and gutters after heavy rain.',
      ],
      closers: [
        'Contract rates are available for regular weekly cleaning.',
        "I'm punctual, I work fast, and I don't cut corners.",
        "Send me photos of the space and I'll give you a fair estimate of hours.",
      ],
      also: 'I also take office and commercial cleaning jobs.',
    },
    notes: [
      { text: 'Small office, two bathrooms. After 5 pm please, once staff have left.', minStart: 17 },
      'Move-out clean of a two-bedroom apartment; keys with the security guard.',
      'Post-renovation clean — lots of dust on the floors and windows.',
      'Church hall, ready for the weekend services.',
    ],
    threads: [
      {
        minStart: 16,
        lines: [
          ['f', 'Hello {cg}, can you clean a small office on {day} after hours?'],
          ['c', 'Hello {fam}, yes. How many rooms and bathrooms?'],
          ['f', 'Four rooms, two bathrooms. From {time}, {hours} should be enough.'],
          ['c', 'That is fine. I will bring my own supplies.'],
        ],
      },
      {
        maxStart: 15,
        lines: [
          ['f', 'Hi {cg}, we need a deep clean of a two-bedroom apartment on {day}.'],
          ['c', 'Hi {fam}. Is it a move-out clean or a regular clean?'],
          ['f', 'Move-out. From {time}; {hours} should do it.'],
          ['c', 'That works. I will bring my own supplies.'],
        ],
      },
    ],
  },
  maintenance: {
    kind: 'maintenance',
    rate: [1200, 2500],
    experience: [2, 20],
    femaleShare: 0.1,
    coreSkills: ['Emergency Care'],
    skills: ['Transportation', FA, 'Light Housekeeping'],
    certifications: ['Reference Verified', FA],
    availability: ['Weekdays', 'Weekends', 'Mornings', 'Afternoons'],
    slots: ['Saturday Morning', 'Saturday Afternoon', 'Emergency/On-call', 'Tuesday Morning'],
    shifts: [
      { start: [8, 10], durations: [2, 3, 4] },
      { start: [13, 14], durations: [2, 3] },
      { start: [8, 8], durations: [6, 8] },
    ],
    bio: {
      openers: [
        "I'm a handyman with {years} of experience in plumbing, electrical repairs and carpentry across {place}.",
        "For {years} I've done home repairs and maintenance around {town} — no job too small.",
        'I trained in electrical installation at HEART/NSTA Trust and have worked in maintenance in {parish} for {years}.',
        "I'm a general maintenance technician in {place} with {years} of experience on homes, apartments and small businesses.",
      ],
      middles: [
        'I fix leaking pipes and taps, replace toilets and water pumps, and service water tanks.',
        'I install ceiling fans, light fixtures and outlets, and I troubleshoot breakers and wiring safely.',
        'Carpentry work includes cupboard doors, furniture assembly, and roof and zinc repairs.',
        "I do painting, tiling and small masonry jobs, and I clean up properly when I'm done.",
        'Before hurricane season I help families secure roofs, clear gutters and check generators.',
        'I also service and clean air-conditioning units, and repair gates and grilles.',
      ],
      closers: [
        'I give a clear estimate for materials before starting, and I bring my own tools.',
        'Emergency call-outs are available in the evenings.',
        'Ask me about regular maintenance visits for landlords and property managers.',
      ],
      also: 'I also handle small repairs around the house, from leaking taps to loose hinges.',
    },
    notes: [
      'Kitchen sink is leaking under the cabinet.',
      'Install two ceiling fans in the bedrooms; fans already bought.',
      'Front gate is not closing properly and one grille hinge is broken.',
      'Check the roof and gutters before the rainy season.',
      'Bathroom tiles cracked near the shower; please bring grout.',
    ],
    threads: [
      {
        lines: [
          ['f', 'Hi {cg}, our water pump stopped working. Could you come on {day}?'],
          ['c', 'Hi {fam}, yes. Is it making any noise, or just not turning on?'],
          ['f', 'It hums but no water comes through. {time} would be good.'],
          ['c', 'Sounds like the capacitor. I will bring a replacement. Give it about {hours}.'],
        ],
      },
    ],
  },
};

/** Short follow-ups after a completed booking. */
export const THANK_YOU_THREADS: ThreadLine[][] = [
  [
    ['f', 'Thank you again for {day}, {cg}. Everything went really well!'],
    ['c', 'It was my pleasure, {fam}. Let me know whenever you need me again.'],
  ],
  [
    ['c', 'Hi {fam}, just checking that everything was okay after {day}?'],
    ['f', 'Yes, all good! I left you a review.'],
    ['c', 'Thank you so much, I really appreciate it.'],
  ],
  [
    ['f', 'Hi {cg}, would you be available again next month? Same time as {day}.'],
    ['c', 'Hi {fam}, most likely yes. Send me the date when you have it and I will confirm.'],
  ],
];

/** Why a booking was declined or cancelled, as the notes a family would have left. */
export const CANCEL_NOTES = [
  'Plans changed — we will book again soon.',
  'Family member is visiting and can help that day.',
  'Rescheduling because of the weather warning.',
];

export const CORPORATE_AREA_PLACES = [
  "I'm based in {town} and work with families across the Corporate Area.",
  'I live in {town}, so anywhere in Kingston and St. Andrew is easy for me to reach.',
];
export const PARISH_PLACES = [
  'I live in {town} and work with families across {parish}.',
  "I'm based in {town}, {parish}, and can travel to nearby communities.",
  'Home for me is {town}, so anywhere in {parish} is easy to reach.',
];

/** Kinds that sensibly go together on one profile (the main kind first). */
export const COMPANION_KINDS: Record<CaregiverKind, CaregiverKind[]> = {
  'child-care': ['babysitters', 'tutors', 'housekeepers', 'special-needs'],
  babysitters: ['child-care', 'tutors'],
  tutors: ['special-needs', 'babysitters'],
  'senior-care': ['special-needs', 'housekeepers'],
  'special-needs': ['senior-care', 'child-care', 'tutors'],
  housekeepers: ['janitors', 'child-care', 'senior-care'],
  janitors: ['housekeepers', 'maintenance'],
  maintenance: ['janitors'],
};
