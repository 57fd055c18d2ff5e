"""The kinds of thing a user tells an assistant to keep ("my wife's birthday", "the garage code", "the blue pill"):
read by `remember_asked` (a fact told) and `fact_asked` (a fact asked back about "the X"), one list for both."""

from __future__ import annotations

FACT_NOUNS = (r"birthday|anniversary|hourly\s+rate|day\s+rate|rate|code|password|passcode|passphrase|pin|number|address|email|e-mail|phone\s+number|"
              r"plate|size|blood\s+type|allergy|allergies|doctor|dentist|vet|landlord|wifi|wi-fi|username|combination|"
              r"locker|id|name|nickname|zip|postcode|postal\s+code|extension|hint|color|colour|food|song|movie|book|"
              r"key|keys|spare\s+key|"   # "the key to the shed is under the mat" (the fifty-seventh session)
              # "my parking spot is number 42" (voice66's spoken day: to SmolLM2, whose condolence was dropped, nothing kept)
              r"parking\s+(?:spot|space|bay|level|lot|garage)|"
              # the fiftieth session: "my car is a blue Honda Civic", "my shoe size is 10" were kept nowhere
              r"car|bike|truck|coffee|tea|drink|team|school|teacher|company|employer|job|office|seat|gate|flight|"
              r"hotel|bank|account|insurance|policy|cat|dog|pet|street|apartment|building|floor|unit|license|licence|"
              r"passport|visa|reservation|booking|confirmation|order|tracking|restaurant|hobby|sport|shoe\s+size|"
              r"dress\s+size|ring\s+size|doctor's\s+name|pharmacy|mechanic|plumber|hairdresser|barber|"
              r"favou?rite\s+[\w'-]+(?:\s+[\w'-]+)?|"
              # "my blood pressure was 120 over 80 today" (the fifty-first session: SmolLM2's "no shame in having a high
              # blood pressure", nothing kept)
              r"blood\s+pressure|heart\s+rate|pulse|blood\s+sugar|glucose|weight|temperature|cholesterol|bmi|"
              r"step\s+count|steps|score|"
              # the fifty-seventh session's caregiver and pet owner: "mom's blood pressure medicine is lisinopril", "the
              # dog's name is Biscuit" ("I see.", then "You haven't told me")
              r"medicine|medication|meds|pill|pills|breed|cardiologist|pediatrician|pharmacist|therapist|specialist|"
              # the fifty-ninth session's runner: "my running shoes are Brooks Ghost 15" (SmolLM2's "I see.", then "You
              # haven't told me about your shoes")
              r"shoes|sneakers|trainers|watch|size|"
              # the sixtieth session's gardener, wedding planner and restaurant owner: "the roofer is Mike" ("I see.", then
              # SmolLM2's "Mike, a voice assistant"), "the caterer is Bella's Kitchen", "the supplier is Sysco"
              r"roofer|florist|caterer|photographer|dj|accountant|contractor|electrician|handyman|supplier|vendor|"
              r"planner|midwife|nanny|babysitter|officiant|baker|tailor|gardener|landscaper|painter|venue|"
              # the sixty-first session's student, club organiser and patient: "my lab partner is Priya", "the treasurer
              # is Tom his email is …" (SmolLM2: "Priya is a voice assistant"), "the surgeon is Dr Lee"
              r"partner|lab\s+partner|treasurer|secretary|president|captain|chair|coach|nurse|surgeon|physio|"
              r"physiotherapist|tenant|super|superintendent|property\s+manager|tutor|advisor|adviser|professor|ta|"
              # the sixty-second session's remote worker: "my manager is Sarah" (SmolLM2: "Sarah is a voice assistant")
              r"manager|boss|supervisor|team\s+lead|mum|mom|"
              # round 65: "leo's best friend is jonah" (SmolLM2's "leo's best friend is j", nothing kept)
              r"friend|best\s+friend|girlfriend|boyfriend|fianc[eé]e?|godmother|godfather|pediatrician")
