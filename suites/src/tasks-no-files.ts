import { fixture, not, reply, task, wordCount } from "./dsl";
import type { SuiteTask } from "./types";

/* Ten tasks that need no files: the answer is in the model or in the message itself. */

export const NO_FILE_TASKS: SuiteTask[] = [
  {
    task: task({
      id: "bakery-give-number",
      group: "no_files",
      title: "Arithmetic, answer only",
      prompt:
        "A bakery starts the day with 48 rolls. It sells 25 in the morning, bakes 12 more at noon and sells 4 in the afternoon. How many rolls are left at closing time? Give the number.",
      checks: [reply("answer_31", "\\b31\\b\\D*$")],
      fixtures: [
        fixture("bare number", "pass", "31"),
        fixture("number with unit", "pass", "31 rolls."),
        fixture("short wrong answer", "fail", "29"),
        fixture("forgot the afternoon sales", "fail", "35"),
        fixture("right number then a wrong correction", "fail", "31... no, wait: 27."),
      ],
    }),
    solution: { files: [], bash: [], reply: "31" },
  },
  {
    task: task({
      id: "dinner-bill-split",
      group: "no_files",
      title: "Arithmetic, open question",
      prompt:
        "Four of us had dinner out. The food came to 84 euros and the drinks to 36 euros, and we want to add a 10% tip on the whole bill. If we split it equally, how much does each of us pay?",
      checks: [reply("answer_33", "\\b33([.,]00)?\\b")],
      fixtures: [
        fixture(
          "worked answer",
          "pass",
          "84 + 36 = 120 euros, plus a 10% tip of 12 makes 132. Split four ways that is 33 euros each.",
        ),
        fixture("answer only", "pass", "€33 each."),
        fixture("forgot the tip", "fail", "Each of you pays 30 euros."),
        fixture(
          "asked for an exchange rate",
          "fail",
          "Which currency would you like the answer in? I'd need today's exchange rate.",
        ),
      ],
    }),
    solution: {
      files: [],
      bash: [],
      reply: "The bill is 84 + 36 = 120 euros; with a 12 euro tip it is 132, so each of you pays 33 euros.",
    },
  },
  {
    task: task({
      id: "recall-arrival-gate",
      group: "no_files",
      title: "Recall a fact from earlier in the message",
      prompt:
        "My sister Ana lands tomorrow at 18:40, arrivals gate B14, and she'll be wearing a green coat. I have to leave work early to collect her, so first write me a two-line message to my manager asking if I can leave at 17:00. Then remind me which gate I should wait at.",
      checks: [reply("gate_b14", "\\bB\\s?-?14\\b", "i")],
      fixtures: [
        fixture(
          "message and gate",
          "pass",
          "Hi Jo, could I leave at 17:00 tomorrow? I need to collect my sister from the airport.\nThanks!\n\nWait for Ana at arrivals gate B14.",
        ),
        fixture(
          "digits swapped",
          "fail",
          "Hi Jo, could I leave at 17:00 tomorrow to collect my sister?\n\nShe arrives at gate B41.",
        ),
        fixture(
          "claims no access",
          "fail",
          "I do not have access to your personal information, so I can't tell you the gate.",
        ),
      ],
    }),
    solution: {
      files: [],
      bash: [],
      reply:
        "Hi, could I leave at 17:00 tomorrow? My sister is flying in and I need to collect her.\nThanks very much.\n\nWait for Ana at arrivals gate B14.",
    },
  },
  {
    task: task({
      id: "fifteen-word-sentence",
      group: "no_files",
      title: "A sentence of exactly 15 words",
      prompt: "Write one sentence about autumn leaves that is exactly 15 words long.",
      checks: [
        wordCount("fifteen_words", 15, 15),
        reply("about_leaves", "\\bleaves\\b", "i"),
        not("not_the_instruction", reply("instruction", "exactly 15 words|15 words long|write one sentence", "i")),
      ],
      fixtures: [
        fixture(
          "fifteen words",
          "pass",
          "Golden autumn leaves drift slowly down from the old oak tree onto the quiet street.",
        ),
        fixture(
          "one word too many",
          "fail",
          "Golden autumn leaves drift slowly down from the old oak tree onto the quiet empty street.",
        ),
        fixture(
          "instruction pasted back",
          "fail",
          "Write one sentence about autumn leaves that is exactly 15 words long, as you asked.",
        ),
        fixture(
          "preamble makes it longer",
          "fail",
          "Here you go: golden autumn leaves drift slowly down from the old oak tree onto the street.",
        ),
      ],
    }),
    solution: {
      files: [],
      bash: [],
      reply: "Golden autumn leaves drift slowly down from the old oak tree onto the quiet street.",
    },
  },
  {
    task: task({
      id: "pasted-parents-evening",
      group: "no_files",
      title: "Answer from notes pasted in the message",
      prompt:
        "Here are my notes from Leo's parents' evening:\nReading: well above where he should be, keep up the library visits.\nMaths: confident with fractions, but he needs to practise his times tables, especially the 7s and 8s.\nBehaviour: a bit chatty during quiet reading.\nPE kit often forgotten on Tuesdays.\n\nFrom these notes, what does Leo need to practise in maths?",
      checks: [
        reply("times_tables", "times[ -]?tables|multiplication|7s and 8s", "i"),
        not("no_file_excuse", reply("file_excuse", "can't find|couldn't find|could not find|no (such )?file", "i")),
      ],
      fixtures: [
        fixture("from the message", "pass", "His times tables, especially the 7s and 8s."),
        fixture("looked for a file instead", "fail", "I couldn't find a file with the parents' evening notes."),
        fixture("wrong topic", "fail", "He needs to practise fractions."),
      ],
    }),
    solution: { files: [], bash: [], reply: "Leo needs to practise his times tables, especially the 7s and 8s." },
  },
  {
    task: task({
      id: "pasted-garage-quotes",
      group: "no_files",
      title: "Compare quotes pasted in the message",
      prompt:
        "I got three quotes for replacing my car's clutch:\n- Mill Street Motors: £340, done in 2 days\n- Ashby Autos: £295, but they need the car for a week\n- Quickfit Centre: £310, done the next day\n\nWhich is the cheapest, and how long would they need the car?",
      checks: [
        reply("ashby_295_week", "^(?=[\\s\\S]*ashby)(?=[\\s\\S]*295)(?=[\\s\\S]*(week|7 days|seven days))", "i"),
      ],
      fixtures: [
        fixture("cheapest with time", "pass", "Ashby Autos is cheapest at £295, but they need the car for a week."),
        fixture("cheapest without the time", "fail", "Ashby Autos, at £295."),
        fixture("fastest instead of cheapest", "fail", "Quickfit Centre at £310, done the next day."),
        fixture(
          "looked for a file",
          "fail",
          "I couldn't find any quotes in your files. Could you tell me where they are?",
        ),
      ],
    }),
    solution: {
      files: [],
      bash: [],
      reply: "Ashby Autos is the cheapest at £295, but they would need the car for a week.",
    },
  },
  {
    task: task({
      id: "miles-to-km",
      group: "no_files",
      title: "Unit conversion",
      prompt: "Roughly how many kilometres is a 3-mile run? Round to one decimal place.",
      checks: [reply("answer_4_8", "\\b4[.,]8\\b")],
      fixtures: [
        fixture("rounded", "pass", "About 4.8 km."),
        fixture("not rounded as asked, wrong", "fail", "About 5 km."),
        fixture("used 1.5 km per mile", "fail", "4.5 km"),
      ],
    }),
    solution: { files: [], bash: [], reply: "About 4.8 km (3 × 1.609 = 4.83)." },
  },
  {
    task: task({
      id: "date-in-ten-days",
      group: "no_files",
      title: "Date arithmetic",
      prompt: "Today is Monday 12 October 2026. What will the date be in 10 days, and what day of the week is that?",
      checks: [reply("thursday_22", "^(?=[\\s\\S]*\\b22(nd)?\\b)(?=[\\s\\S]*\\bthu)", "i")],
      fixtures: [
        fixture("right date and day", "pass", "Thursday 22 October 2026."),
        fixture("off by one", "fail", "Wednesday 21 October 2026."),
        fixture("right date, wrong day", "fail", "It will be Friday 22 October."),
      ],
    }),
    solution: { files: [], bash: [], reply: "It will be Thursday 22 October 2026." },
  },
  {
    task: task({
      id: "friendlier-message",
      group: "no_files",
      title: "Rewrite a message within a word limit",
      prompt:
        'Make this text to my flatmate sound friendlier, keeping it under 25 words: "Take the bins out tonight. You forgot last week."',
      checks: [
        wordCount("under_25_words", 3, 24),
        reply("mentions_bins", "\\bbins?\\b", "i"),
        reply("friendly", "please|thanks|thank you|could you|would you|mind|cheers|\\bx\\b|😊", "i"),
        not("not_the_original", reply("original", "you forgot last week", "i")),
      ],
      fixtures: [
        fixture("friendly and short", "pass", "Hey! Could you take the bins out tonight? Thanks so much 😊"),
        fixture("original pasted back", "fail", "Take the bins out tonight. You forgot last week."),
        fixture(
          "too long",
          "fail",
          "Hi there, I hope your day is going really well! Would you mind taking the bins out tonight when you get a chance? Thanks a lot, you're the best!",
        ),
      ],
    }),
    solution: { files: [], bash: [], reply: "Hey, could you take the bins out tonight, please? Thanks!" },
  },
  {
    task: task({
      id: "fruit-list",
      group: "no_files",
      title: "Pick items out of a sentence",
      prompt:
        'From this sentence, list only the fruits, separated by commas: "At the market I bought apples, a hammer, two pears, a bag of nails, a pineapple and some string."',
      checks: [
        reply(
          "three_fruits",
          "^(?=[\\s\\S]*\\bapples?\\b)(?=[\\s\\S]*\\bpears?\\b)(?=[\\s\\S]*\\bpineapples?\\b)",
          "i",
        ),
        not("no_hardware", reply("hardware", "hammer|nails?\\b|string", "i")),
      ],
      fixtures: [
        fixture("just the fruits", "pass", "apples, pears, pineapple"),
        fixture("included the hardware", "fail", "apples, hammer, pears, nails, pineapple, string"),
        fixture("missed one", "fail", "apples, pears"),
      ],
    }),
    solution: { files: [], bash: [], reply: "apples, pears, pineapple" },
  },
];
