# Age groups (年齡組) of an entry form: the field, its errors, the lines that show them.
agegroups_label = Age groups (a name and the earliest year of birth, e.g. U12 2014, U16 2010)
agegroups_help = A confirmed entrant born in a group’s year or later gets its name as a category, which special prizes can name; an entrant may be in several groups.
agegroups_too_long = Age groups: at most { $max } characters.
agegroups_too_many = At most { $max } age groups.
agegroups_no_year = Age group “{ $group }”: write its name, then the earliest year of birth (e.g. U12 2014).
agegroups_no_name = Age group “{ $group }”: the name is missing before the year.
agegroups_bad_year = Age group “{ $group }”: the year must be from { $min } to { $max }.
agegroups_name_long = Age group “{ $group }”: the name is longer than { $max } characters.
agegroups_bad_name = Age group “{ $group }”: the name holds a character that is not allowed.
agegroups_twice = The age group { $name } is written twice.
agegroups_names_long = The age groups’ names together are longer than { $max } characters (a player’s category holds { $max }).
agegroups_need_birth_year = Age groups need the year of birth: tick it among the questions.
agegroups_line = Age groups: { $groups }
agegroups_item = { $name } (born { $year } or later)
agegroups_of_entry = Age groups
agegroups_none_of_entry = (none)
