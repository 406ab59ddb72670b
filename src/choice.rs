//! Named choices: the plain enums a user picks by name (ko rule, dead-stone method, engine…).
//!
//! Each is declared once with `choice!`: its variants, the name each is
//! written as (on the command line, in outputs) and a one-line description, which is also the
//! variant's doc comment. The library never sees clap: `src/cli.rs` turns any [`Choice`] into
//! a parser that offers these names and descriptions.

/// An enum picked by name.
pub trait Choice: Copy + PartialEq + Send + Sync + 'static {
    /// Every value with its name and description, in the order they are offered.
    const ALL: &'static [(Self, &'static str, &'static str)];

    /// The value written `name` (exact match).
    fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().find(|(_, n, _)| *n == name).map(|e| e.0)
    }

    /// The names of every value, in order.
    fn names() -> Vec<&'static str> {
        Self::ALL.iter().map(|e| e.1).collect()
    }
}

/// A name that is none of a choice's values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownChoice {
    /// What was written.
    pub given: String,
    /// The names that would have been understood.
    pub expected: Vec<&'static str>,
}

impl std::fmt::Display for UnknownChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "`{}`: expected one of {}",
            self.given,
            self.expected.join(", ")
        )
    }
}

impl std::error::Error for UnknownChoice {}

/// Declares a [`Choice`] enum: `Variant = ("name", "description")`, the description becoming
/// the variant's doc comment, one variant marked `#[default]`. Gives the usual derives, `name()`,
/// `Display`, `FromStr`, and `Serialize` as the name, so that outputs and the command line
/// can never spell a value two ways.
macro_rules! choice {
    (
        $(#[$meta:meta])*
        $vis:vis enum $ty:ident {
            $(
                $(#[$vmeta:meta])*
                $variant:ident = ($name:literal, $help:literal),
            )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        $vis enum $ty {
            $(
                #[doc = $help]
                $(#[$vmeta])*
                $variant,
            )+
        }

        impl $crate::choice::Choice for $ty {
            const ALL: &'static [(Self, &'static str, &'static str)] =
                &[$(($ty::$variant, $name, $help)),+];
        }

        impl $ty {
            /// The name this value is written as (command line, outputs).
            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name,)+
                }
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for $ty {
            type Err = $crate::choice::UnknownChoice;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                <$ty as $crate::choice::Choice>::from_name(s).ok_or_else(|| {
                    $crate::choice::UnknownChoice {
                        given: s.to_string(),
                        expected: <$ty as $crate::choice::Choice>::names(),
                    }
                })
            }
        }

        impl ::serde::Serialize for $ty {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }
    };
}

pub(crate) use choice;

#[cfg(test)]
mod tests {
    use super::Choice;

    crate::choice::choice! {
        /// A test choice.
        enum Fruit {
            #[default] Apple = ("apple", "A fruit"),
            BloodOrange = ("blood-orange", "Another fruit"),
        }
    }

    #[test]
    fn names_round_trip_and_unknown_names_say_what_was_expected() {
        assert_eq!(Fruit::BloodOrange.name(), "blood-orange");
        assert_eq!("apple".parse::<Fruit>(), Ok(Fruit::Apple));
        assert_eq!(Fruit::Apple.to_string(), "apple");
        assert_eq!(Fruit::names(), vec!["apple", "blood-orange"]);
        let e = "Apple".parse::<Fruit>().err().map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some("`Apple`: expected one of apple, blood-orange")
        );
        assert_eq!(Fruit::ALL[1].2, "Another fruit");
        assert_eq!(Fruit::default(), Fruit::Apple);
        assert_eq!(
            serde_json::to_string(&[Fruit::BloodOrange]).ok().as_deref(),
            Some("[\"blood-orange\"]")
        );
    }
}
