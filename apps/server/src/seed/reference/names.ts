import type { Weighted } from '../random';

/**
 * Names of the communities the portal's languages serve (DOMAIN "Demo data that looks real"):
 * English speakers of every background, Spanish speakers (Puerto Rican, Dominican, Salvadoran,
 * Guatemalan, Colombian), Portuguese speakers (Azorean and mainland Portuguese, Brazilian, Cape
 * Verdean), and other large Massachusetts communities whose members mostly choose English in the
 * portal (Vietnamese, Chinese, Haitian, Khmer). Adults and children get different first names, so a
 * nine-year-old is not called Maureen.
 */

export type Community =
  | 'anglo'
  | 'africanAmerican'
  | 'latino'
  | 'lusophone'
  | 'brazilian'
  | 'capeVerdean'
  | 'vietnamese'
  | 'chinese'
  | 'haitian'
  | 'khmer';

export type PortalLanguage = 'en' | 'es' | 'pt';

/** A comma-separated list of names (kept as text so the tables stay compact and readable). */
function names(list: string): readonly string[] {
  return list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
}

interface FirstNames {
  readonly female: readonly string[];
  readonly male: readonly string[];
}

export interface CommunityNames {
  readonly adult: FirstNames;
  readonly child: FirstNames;
  readonly last: readonly string[];
  /** The portal language households of the community choose. */
  readonly languages: Weighted<PortalLanguage>;
}

export const COMMUNITIES: Readonly<Record<Community, CommunityNames>> = {
  anglo: {
    adult: {
      female: names(`
Mary, Patricia, Jennifer, Elizabeth, Sarah, Katherine, Megan, Erin, Kelly, Colleen,
Maureen, Bridget, Nicole, Laura, Christine, Denise, Lisa, Amanda
`),
      male: names(`
James, John, Michael, William, David, Robert, Thomas, Christopher, Daniel, Matthew,
Patrick, Kevin, Brian, Sean, Ryan, Mark, Paul, Joseph
`),
    },
    child: {
      female: names(`Emma, Olivia, Charlotte, Amelia, Ava, Nora, Lily, Grace, Claire, Molly`),
      male: names(`Liam, Jack, Owen, Henry, Theodore, Declan, Connor, Wyatt, Finn, Brady`),
    },
    last: names(`
Murphy, Sullivan, O'Brien, Kelly, McCarthy, Walsh, Ryan, Doherty, Fitzgerald, Kennedy,
Smith, Brown, Anderson, Clark, Russo, DeLuca, Ricci, Romano, Marino, Caruso, Leblanc,
Gagnon, Cote, Lynch, Driscoll, Mahoney, Flaherty, Callahan
`),
    languages: [['en', 1]],
  },
  africanAmerican: {
    adult: {
      female: names(`Aisha, Keisha, Tanisha, Monique, Tiffany, Jasmine, Latoya, Danielle, Ebony, Crystal`),
      male: names(`Jamal, Malik, Darnell, Andre, Marcus, Terrence, Reginald, Curtis, Dwayne, Cedric`),
    },
    child: {
      female: names(`Zoe, Naomi, Aaliyah, Imani, Skylar, Kennedy, Nia, Amara`),
      male: names(`Elijah, Josiah, Isaiah, Jayden, Malachi, Xavier, Jalen, Amir`),
    },
    last: names(`
Johnson, Williams, Jackson, Harris, Robinson, Thompson, Washington, Coleman, Brooks,
Henderson, Simmons, Greene, Bell, Franklin
`),
    languages: [['en', 1]],
  },
  latino: {
    adult: {
      female: names(`
María, Carmen, Ana, Rosa, Luz, Yolanda, Gladys, Yesenia, Marisol, Milagros, Daisy,
Yadira, Elena, Gloria, Maritza
`),
      male: names(`
José, Luis, Carlos, Juan, Miguel, Jorge, Pedro, Rafael, Héctor, Ángel, Wilfredo, Edwin,
Ramón, Francisco, Julio
`),
    },
    child: {
      female: names(`Sofía, Valentina, Camila, Isabella, Daniela, Valeria, Mía, Luciana, Génesis, Ashley`),
      male: names(`Mateo, Santiago, Sebastián, Diego, Alejandro, Adrián, Dylan, Joel, Jayden, Emiliano`),
    },
    last: names(`
Rodríguez, González, Hernández, Martínez, López, Pérez, Ramírez, Rivera, Torres, Cruz,
Ortiz, Reyes, Morales, Santiago, Vázquez, Díaz, Castillo, Peña, Jiménez, Guzmán,
Rosario, Méndez, Flores, Colón, Santana, Almonte, Batista, Ventura
`),
    languages: [
      ['es', 6],
      ['en', 4],
    ],
  },
  lusophone: {
    adult: {
      female: names(`
Maria, Ana, Fátima, Conceição, Lúcia, Sandra, Paula, Filomena, Isabel, Teresa,
Cristina, Natália
`),
      male: names(`João, José, Manuel, António, Fernando, Luís, Carlos, Rui, Paulo, Nuno, Jorge, Duarte`),
    },
    child: {
      female: names(`Beatriz, Inês, Leonor, Matilde, Sofia, Carolina, Mariana, Alice`),
      male: names(`Tiago, Rodrigo, Martim, Santiago, Tomás, Gonçalo, Diogo, Lucas`),
    },
    last: names(`
Silva, Medeiros, Pacheco, Rebelo, Furtado, Raposo, Amaral, Cabral, Sousa, Costa,
Ferreira, Pereira, Almeida, Carvalho, Moniz, Botelho, Tavares, Correia, Mello, Arruda
`),
    languages: [
      ['pt', 5],
      ['en', 5],
    ],
  },
  brazilian: {
    adult: {
      female: names(`
Fernanda, Juliana, Patrícia, Luana, Rosângela, Adriana, Daniela, Renata, Cláudia,
Simone, Elaine, Vanessa
`),
      male: names(`
Rodrigo, Marcelo, Fábio, Leandro, Anderson, Wellington, Ricardo, Márcio, Thiago,
Gustavo, Eduardo, Renato
`),
    },
    child: {
      female: names(`Larissa, Gabriela, Manuela, Helena, Laura, Lívia, Yasmin, Isadora`),
      male: names(`Gabriel, Mateus, Davi, Arthur, Heitor, Enzo, Pedro, Bernardo`),
    },
    last: names(`
Santos, Oliveira, Souza, Pereira, Costa, Rodrigues, Almeida, Nascimento, Lima, Araújo,
Ribeiro, Gomes, Martins, Barbosa, Rocha, Dias, Moreira, Cardoso
`),
    languages: [
      ['pt', 7],
      ['en', 3],
    ],
  },
  capeVerdean: {
    adult: {
      female: names(`Dulce, Ivone, Elisângela, Celeste, Djamila, Adelaide, Zuleica, Edna, Lurdes, Aldina`),
      male: names(`Edson, Adilson, Nilton, Jailson, Armindo, Domingos, Ludgero, Alcides, Hélio, Zeferino`),
    },
    child: {
      female: names(`Kiara, Naira, Leila, Aylin, Shaira, Bianca, Jenifer, Eliana`),
      male: names(`Kelvin, Deivid, Ailton, Jefferson, Wilson, Denilson, Jason, Kevin`),
    },
    last: names(`
Monteiro, Barros, Semedo, Varela, Fernandes, Lopes, Tavares, Gomes, Rodrigues, Andrade,
Fonseca, Pina, Delgado, Spencer, Brito, Mendes
`),
    languages: [
      ['pt', 4],
      ['en', 6],
    ],
  },
  vietnamese: {
    adult: {
      female: names(`Linh, Huong, Lan, Mai, Trang, Thu, Phuong, Hanh, Ngoc, Thao`),
      male: names(`Minh, Thanh, Hung, Tuan, Khanh, Duc, Quang, Long, Hieu, Vinh`),
    },
    child: {
      female: names(`Emily, Vy, Anh, Chloe, Tiffany, Kim, Vivian, Hannah`),
      male: names(`Brandon, Kevin, Andrew, Bao, Ethan, Justin, Khoa, Ryan`),
    },
    last: names(`Nguyen, Tran, Le, Pham, Huynh, Hoang, Phan, Vu, Vo, Dang, Bui, Do, Ngo, Truong`),
    languages: [['en', 1]],
  },
  chinese: {
    adult: {
      female: names(`Mei, Xiaoling, Hui, Yan, Li Na, Jing, Wendy, Grace, Helen, Amy`),
      male: names(`Wei, Jun, Ming, Jian, Hao, Feng, Richard, Kenneth, Raymond, Stanley`),
    },
    child: {
      female: names(`Emily, Chloe, Olivia, Angela, Sophie, Jessica, Evelyn, Iris`),
      male: names(`Ethan, Lucas, Ryan, Jason, Eric, Aaron, Daniel, Max`),
    },
    last: names(`Chen, Wang, Li, Zhang, Liu, Huang, Wong, Lee, Chan, Lin, Wu, Zhou, Yu, Kwan`),
    languages: [['en', 1]],
  },
  haitian: {
    adult: {
      female: names(`
Marie, Guerline, Nadège, Roseline, Widline, Daphney, Fabiola, Yolette, Mirlande,
Rose-Marie
`),
      male: names(`Jean, Pierre, Jacques, Claude, Fritz, Réginald, Wilner, Mackenson, Frantz, Ernst`),
    },
    child: {
      female: names(`Dayana, Nathalie, Naomie, Sarah, Christelle, Stephanie, Kimberly, Esther`),
      male: names(`Kervens, Woodley, Samuel, Emmanuel, Jonathan, Daniel, Kenley, Jeff`),
    },
    last: names(`
Jean-Baptiste, Pierre, Joseph, Louis, Charles, Célestin, Désir, Augustin, Toussaint,
Dorvil, Saint-Louis, Jean-Louis, Fleurant, Alexis, Delva, Valcourt
`),
    languages: [['en', 1]],
  },
  khmer: {
    adult: {
      female: names(`Sokha, Chantha, Sreymom, Bopha, Sophea, Channary, Malis, Kolab`),
      male: names(`Sophal, Vanna, Dara, Rithy, Sambath, Vuthy, Sokun, Chheng`),
    },
    child: {
      female: names(`Sophia, Jenny, Maly, Kimberly, Sreyneang, Annie, Lina, Vanessa`),
      male: names(`Vicheka, David, Visal, Andy, Piseth, Brian, Kevin, Ratha`),
    },
    last: names(`Chhay, Sok, Chea, Keo, Touch, Meas, Prak, Yim, Heng, Ouk, Sam, Chan`),
    languages: [['en', 1]],
  },
};

/** First names of people who chose a gender marker other than female or male (SPEC §5 gender options). */
export const UNISEX_NAMES: readonly string[] = [
  'Alex',
  'Jordan',
  'Taylor',
  'Riley',
  'Sam',
  'Avery',
  'Quinn',
  'Jamie',
];
