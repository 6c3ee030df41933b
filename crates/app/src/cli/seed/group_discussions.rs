//! Demo discussions in the demo working groups: a visitor opening a demo group finds real
//! conversation (public topics they read, private ones its members read), replies that quote
//! each other and votes.

use discussions::enums::TopicType;
use discussions::seed::{Reply, Thread};
use kernel::{AppContext, CurrentUser};

use super::seeding::seeding;

// Who speaks, as indices into the demo people: the demo member (who owns the groups), then
// the researchers.
const AMIRA: usize = 0;
const LUCAS: usize = 1;
const PRIYA: usize = 2;
const TOMAS: usize = 3;

/// The threads of each demo group, in the order of the groups' seed.
const GROUP_THREADS: &[&[Thread]] = &[
    // Stroke rehabilitation research circle
    &[
        Thread {
            author: AMIRA,
            public: true,
            text: "<p>What outcome would you choose for a trial of early mobilisation after stroke? We keep coming back to the modified Rankin Scale at 90 days, but survivors in our panel say it misses what mattered to them: getting back to work, driving, confidence on stairs.</p>",
            replies: &[
                Reply {
                    author: TOMAS,
                    text: "<p>In long COVID rehabilitation we paired a standard scale with a patient-chosen goal (Goal Attainment Scaling). It took one extra visit to set the goals and gave us the result people actually cared about.</p>",
                    quotes: None,
                    up_votes: &[AMIRA, PRIYA],
                },
                Reply {
                    author: LUCAS,
                    text: "<p>Goal scaling worked for us too, but blinding the assessor was hard: the goals reveal the arm. We had a second assessor score them from video.</p>",
                    quotes: Some(0),
                    up_votes: &[TOMAS],
                },
                Reply {
                    author: AMIRA,
                    text: "<p>Video scoring is a good idea. I will draft both options for the next call so the survivor panel can choose.</p>",
                    quotes: None,
                    up_votes: &[],
                },
            ],
            up_votes: &[LUCAS, PRIYA, TOMAS],
        },
        Thread {
            author: TOMAS,
            public: false,
            text: "<p>Draft recruitment letter for the home-exercise pilot is in the shared folder. Could members check the reading level before ethics sees it?</p>",
            replies: &[Reply {
                author: PRIYA,
                text: "<p>Read it: two sentences over grade 8, and \"randomised\" needs a plain explanation. Comments are in the margin.</p>",
                quotes: None,
                up_votes: &[TOMAS],
            }],
            up_votes: &[AMIRA],
        },
    ],
    // Rare disease registry builders
    &[
        Thread {
            author: PRIYA,
            public: true,
            text: "<p>Which minimal dataset did you start your registry with? We are choosing between the EU RD-Platform common data elements and a shorter local list.</p>",
            replies: &[
                Reply {
                    author: AMIRA,
                    text: "<p>Start with the common data elements even if a few fields stay empty for a while: merging with other registries later is far cheaper.</p>",
                    quotes: None,
                    up_votes: &[PRIYA, LUCAS],
                },
                Reply {
                    author: LUCAS,
                    text: "<p>Agreed, and keep the consent wording broad enough for linkage from day one. Re-consenting a whole registry cost us a year.</p>",
                    quotes: Some(0),
                    up_votes: &[PRIYA],
                },
            ],
            up_votes: &[AMIRA, TOMAS],
        },
        Thread {
            author: AMIRA,
            public: false,
            text: "<p>Governance template: who on the data access committee should be a patient partner, and with what vote? Sharing our draft terms of reference for comments.</p>",
            replies: &[Reply {
                author: TOMAS,
                text: "<p>Two patient partners with full votes worked well for us; one alone felt outnumbered and stopped coming.</p>",
                quotes: None,
                up_votes: &[AMIRA],
            }],
            up_votes: &[PRIYA],
        },
    ],
    // Digital health journal club
    &[
        Thread {
            author: LUCAS,
            public: true,
            text: "<p>Next month's paper: a randomised trial of smartphone-based atrial fibrillation screening. Our patient partner will lead; questions for the discussion welcome here.</p>",
            replies: &[
                Reply {
                    author: PRIYA,
                    text: "<p>I would like to talk about who was left out: the trial needed a recent smartphone, and older participants were under-represented.</p>",
                    quotes: None,
                    up_votes: &[LUCAS, AMIRA],
                },
                Reply {
                    author: TOMAS,
                    text: "<p>And what happened after a positive screen: how many were confirmed, and how long people waited in between.</p>",
                    quotes: Some(0),
                    up_votes: &[LUCAS],
                },
            ],
            up_votes: &[PRIYA, TOMAS],
        },
        Thread {
            author: AMIRA,
            public: true,
            text: "<p>Suggestions for the next three papers? Wearables in rehabilitation, remote monitoring after discharge and digital therapeutics are the themes members voted for.</p>",
            replies: &[Reply {
                author: TOMAS,
                text: "<p>For rehabilitation, the recent trials of wrist-worn activity feedback after stroke would be a good start.</p>",
                quotes: None,
                up_votes: &[AMIRA],
            }],
            up_votes: &[LUCAS],
        },
    ],
    // Healthy ageing lab group
    &[
        Thread {
            author: TOMAS,
            public: true,
            text: "<p>Pilot results from the balance-class study are in: attendance held at 80% over twelve weeks, better than we planned for. Writing up the feasibility paper now.</p>",
            replies: &[
                Reply {
                    author: AMIRA,
                    text: "<p>Congratulations. Did transport make the difference? Last time it was the reason people stopped coming.</p>",
                    quotes: None,
                    up_votes: &[TOMAS],
                },
                Reply {
                    author: TOMAS,
                    text: "<p>Yes: classes in community centres on bus routes, and a volunteer driver scheme for the rest.</p>",
                    quotes: Some(0),
                    up_votes: &[AMIRA, PRIYA],
                },
            ],
            up_votes: &[AMIRA, LUCAS, PRIYA],
        },
        Thread {
            author: PRIYA,
            public: false,
            text: "<p>Funding idea for the group: a joint application on deprescribing and falls. Who could lead the pharmacy work package?</p>",
            replies: &[Reply {
                author: LUCAS,
                text: "<p>I can ask our hospital pharmacy research lead; they ran a deprescribing audit last year.</p>",
                quotes: None,
                up_votes: &[PRIYA],
            }],
            up_votes: &[TOMAS],
        },
    ],
];

/// Starts the threads in each demo group (`group_ids` in the seed's order) that has no
/// discussion yet; `people` are the demo member and the researchers, all members of each.
pub async fn demo(
    ctx: &AppContext,
    group_ids: &[i64],
    people: &[CurrentUser],
) -> anyhow::Result<()> {
    let targets = crate::adapters::discussion_targets::targets(ctx);
    for (group_id, threads) in group_ids.iter().zip(GROUP_THREADS) {
        discussions::seed::threads(ctx, &targets, people, TopicType::Groups, *group_id, threads)
            .await
            .map_err(seeding("the group discussions"))?;
    }
    Ok(())
}
